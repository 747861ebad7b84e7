// The one line a salon's website pastes:
//   <script src="https://SALON-SERVER/embed.js" data-business="salon-lena"></script>
// puts the salon's booking page (SALON-SERVER/book/salon-lena) in a frame right after the line,
// as wide as its place and as tall as the page is (the page says how tall, by postMessage).
// Optional: data-title, the frame's name for screen readers ("Book an appointment" until the page
// says the salon's). Nothing secret is in the line or in this script: the page needs no key.
(() => {
  const script = document.currentScript;
  const business = script?.dataset.business;
  if (!script || !business) return;
  const base = script.src.replace(/\/embed\.js(?:[?#].*)?$/, '');
  const origin = new URL(base).origin;
  const frame = document.createElement('iframe');
  frame.src = `${base}/book/${encodeURIComponent(business)}`;
  frame.title = script.dataset.title || 'Book an appointment';
  frame.style.display = 'block';
  frame.style.width = '100%';
  frame.style.minHeight = '320px';
  frame.style.height = '640px';
  frame.style.border = '0';
  script.after(frame);
  window.addEventListener('message', (event) => {
    if (event.source !== frame.contentWindow || event.origin !== origin) return;
    const message = event.data ?? {};
    if (message.type === 'booking-page:height' && Number.isFinite(message.height)) {
      frame.style.height = `${Math.ceil(message.height)}px`;
    } else if (message.type === 'booking-page:title' && typeof message.title === 'string' && !script.dataset.title) {
      frame.title = message.title.slice(0, 200);
    } else if (message.type === 'booking-page:step' && frame.getBoundingClientRect().top < 0) {
      // A new step starts at the top of the frame: bring it into view when the visitor scrolled past it.
      frame.scrollIntoView({ block: 'start' });
    }
  });
})();
