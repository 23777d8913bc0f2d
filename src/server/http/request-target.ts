import { errorResponse } from './respond';

// Every route reads its path parameters and query values from the URL; checking the URL once,
// before routing, covers the REST handlers, the public pages (/v, /unsubscribe), /files and
// tRPC's GET input alike. Ids never hold control characters, so such a path names nothing (404);
// a query value with one is a bad request (400). Tab, LF and CR stay allowed in query values:
// the text builders make them spaces or keep them. The raw URL is tested, so that malformed
// percent-encoding cannot make this check throw; on server routes it names nothing either (the
// router would hand the handler an undefined parameter). Paths of the web app are left to it.
const PATH_CONTROL = /%(?:[01][0-9a-f]|7f)/i;
const QUERY_CONTROL = /%(?:0[0-8bcef]|1[0-9a-f]|7f)/i;
const SERVER_PATH = /^\/(?:api|trpc|files|v|unsubscribe|sandbox|social)\//;

function decodes(path: string): boolean {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}

export function checkRequestTarget(url: URL): Response | undefined {
  if (!SERVER_PATH.test(url.pathname)) return undefined;
  if (PATH_CONTROL.test(url.pathname) || !decodes(url.pathname)) return errorResponse(404, 'Not found');
  if (QUERY_CONTROL.test(url.search)) return errorResponse(400, 'Query parameters must not contain control characters');
  return undefined;
}
