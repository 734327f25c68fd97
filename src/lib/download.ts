/** Saves text as a file through a Blob link; nothing leaves the browser. */
export function downloadText(filename: string, type: string, text: string) {
  saveBlob(filename, new Blob([text], { type }));
}

/** Saves a Blob as a file through a temporary object URL. */
export function saveBlob(filename: string, blob: Blob) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
