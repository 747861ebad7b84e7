// A file the page made, handed to the browser as a download: a CSV for the accountant, a client's
// data as JSON.

/** Hands `text` to the browser as a download named `name`, of the media `type`. */
export function downloadText(name, text, type) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = Object.assign(document.createElement('a'), { href: url, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
