// Copying a value the page shows once (a key, a snippet): with the clipboard API; where there is
// none (plain http on the salon's network, say), the text is selected and copied the old way, or
// left selected for Ctrl+C.

/** `status` says what happened: `words.copied`, or `words.selected` when only selecting worked. */
export async function copyText(field, status, words) {
  try {
    if (!navigator.clipboard?.writeText) throw new Error('no clipboard API');
    await navigator.clipboard.writeText(field.value);
    status.textContent = words.copied;
  } catch {
    field.focus();
    field.select();
    status.textContent = document.execCommand('copy') ? words.copied : words.selected;
  }
}
