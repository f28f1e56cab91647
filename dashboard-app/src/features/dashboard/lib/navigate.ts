/**
 * Full-page navigation to a page another app serves (the public bio page), so the browser asks the server
 * rather than this app's router. Its own module so tests can observe it.
 */
export function openPublicPage(path: string): void {
  window.location.assign(path);
}
