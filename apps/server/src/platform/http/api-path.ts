/** Whether a request URL is an API call (`/api`, `/api/…`, `/api?…`), as opposed to a page, file or probe. */
export const isApiPath = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
