/*
 * The bio page's only script, sent only with a page that has an embed: a click on an embed's facade puts the
 * service's player in its place (the address the server built, in data-player) and counts the click as /go
 * would. Nothing is fetched from another origin before that click. A click with a modifier key (new tab or
 * window) is left to the link.
 */
document.addEventListener('click', (event) => {
  const facade = (event.target as Element | null)?.closest?.('a[data-player]');
  if (!(facade instanceof HTMLAnchorElement) || event.button !== 0) return;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  event.preventDefault();
  const frame = document.createElement('iframe');
  frame.src = facade.dataset.player!;
  frame.title = facade.dataset.frameTitle!;
  frame.className = `player p-${facade.dataset.shape}`;
  frame.allow = 'autoplay; encrypted-media; fullscreen; picture-in-picture; clipboard-write';
  frame.allowFullscreen = true;
  // The page sends no referrer; the players need the page's origin to play.
  frame.referrerPolicy = 'strict-origin-when-cross-origin';
  facade.replaceWith(frame);
  frame.focus();
  void fetch(`/api/links/${facade.pathname.slice(4)}/click`, { method: 'POST', keepalive: true }).catch(() => undefined);
});
