export default {
  "$id": "backup-settings",
  "title": "Change how backups are kept",
  "type": "object",
  "additionalProperties": false,
  "minProperties": 1,
  "properties": {
    "folder": {
      "type": "string",
      "x-text": "line",
      "minLength": 1,
      "maxLength": 4096,
      "description": "The folder on the server's computer backups go to: its whole path (a USB disk, a network share). Refused while BOOKING_BACKUP_DIR sets it."
    },
    "passphrase": {
      "type": "string",
      "minLength": 12,
      "maxLength": 1024,
      "pattern": "^[^\\u0000-\\u001f\\u007f]+$",
      "x-error": "a passphrase of at least 12 characters on one line",
      "description": "From now on backups open with this passphrase instead of the generated backup code; backups made before keep theirs. Kept as is, spaces included; only a public key derived from it is stored."
    },
    "codeWrittenDown": {
      "const": true,
      "description": "The owner has written the backup code down: the overview stops asking."
    }
  }
} as const;
