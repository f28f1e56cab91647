/** Hands a file to the browser as a download (a temporary link to the data, clicked once). */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the data after the click returns.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
