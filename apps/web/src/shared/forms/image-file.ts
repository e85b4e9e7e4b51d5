/** security.md: an uploaded picture (an avatar, a console banner) is JPG, PNG or WebP of at most 2 MB. */
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const IMAGE_MAX_BYTES = 2 * 1024 * 1024;
/** The file input's `accept`. */
export const IMAGE_ACCEPT = IMAGE_TYPES.join(',');

/** Checked before the upload only to spare a doomed one: the server checks again from the bytes. */
export const isAcceptableImage = (file: File) =>
  (IMAGE_TYPES as readonly string[]).includes(file.type) && file.size > 0 && file.size <= IMAGE_MAX_BYTES;
