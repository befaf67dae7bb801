/**
 * Opens a download the browser fetches itself (a signed URL whose answer is an attachment): a record's
 * file, a message's attachment. The link is added, clicked and removed at once.
 */
export function openDownload(url: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}
