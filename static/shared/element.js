// What the clients' two pages share, the booking page (/book/…) and the manage page (/manage/…):
// one file, served under each page's own path (book/shared/element.js, manage/shared/element.js;
// src/http/static-files.ts), since each page loads only files under its path.

/** An element: h('button', {class: 'primary', onclick}, 'Save'); null and false children are left out. */
export function h(tag, props, ...children) {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(props ?? {})) {
    if (value === undefined || value === null || value === false) continue;
    if (name.startsWith('on')) el.addEventListener(name.slice(2), value);
    else if (name === 'class') el.className = value;
    else if (['value', 'checked', 'disabled', 'htmlFor', 'hidden'].includes(name)) el[name] = value;
    else el.setAttribute(name, value === true ? '' : String(value));
  }
  el.append(...children.flat(Infinity).filter((c) => c !== null && c !== undefined && c !== false));
  return el;
}
