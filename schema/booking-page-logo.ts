export default {
  "$id": "booking-page-logo",
  "title": "The booking page's logo",
  "type": "object",
  "additionalProperties": false,
  "required": ["image"],
  "properties": {
    "image": {
      "type": "string",
      "maxLength": 140000,
      "pattern": "^data:image/(png|jpeg|webp);base64,[A-Za-z0-9+/]+={0,2}$",
      "x-error": "a PNG, JPEG or WebP image of at most 100 KB, as a data: URL",
      "description": "A PNG, JPEG or WebP image of at most 100 KB, as a base64 data: URL."
    }
  }
} as const;
