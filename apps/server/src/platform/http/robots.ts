/**
 * robots.txt (issue 27 §9): the API and the operator console are no pages to index; every player page
 * is. No sitemap: the shareable pages (rooms, verify links) come and go, and the rest are few.
 */
export const ROBOTS_TXT = ['User-agent: *', 'Disallow: /admin', 'Disallow: /api', 'Allow: /', ''].join('\n');
