export default {
  "$id": "passkey-sign-in",
  "title": "Sign in with a passkey",
  "type": "object",
  "additionalProperties": false,
  "required": ["challengeId", "response"],
  "properties": {
    "challengeId": { "type": "string", "pattern": "^enc1:[A-Za-z0-9_-]{20,2000}$", "description": "The id POST /admin/api/session/passkey/options gave." },
    "response": {
      "type": "object",
      "maxProperties": 20,
      "description": "The browser's answer (navigator.credentials.get, as JSON: @simplewebauthn/browser's startAuthentication)."
    }
  }
} as const;
