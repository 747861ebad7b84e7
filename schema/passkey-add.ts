export default {
  "$id": "passkey-add",
  "title": "Keep a new passkey",
  "type": "object",
  "additionalProperties": false,
  "required": ["challengeId", "response", "password"],
  "properties": {
    "challengeId": { "type": "string", "pattern": "^enc1:[A-Za-z0-9_-]{20,2000}$", "description": "The id POST …/passkeys/options gave with its options." },
    "response": {
      "type": "object",
      "maxProperties": 20,
      "description": "The browser's answer (navigator.credentials.create, as JSON: @simplewebauthn/browser's startRegistration)."
    },
    "password": { "type": "string", "maxLength": 1000, "description": "The person's current password: a signed-in browser alone does not add a way in." },
    "name": {
      "type": "string",
      "x-text": "line",
      "maxLength": 100,
      "description": "What the person recognises it by: \"Laptop at the desk\", \"My phone\"."
    }
  }
} as const;
