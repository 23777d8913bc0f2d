// Big uploads can be handed on still in their multipart envelope, so that parsing it (tens of
// milliseconds for 20 MB) happens in a worker thread instead of the request thread. A route that
// does this asks Elysia for the raw body (`{ parse: 'arrayBuffer' }`).

/** A request body still in its multipart/form-data envelope. */
export type MultipartBody = { body: ArrayBuffer; contentType: string };

/** The raw body of a multipart request, or null when the request is not one. */
export function multipartBody(body: unknown, request: Request): MultipartBody | null {
  const contentType = request.headers.get('content-type') ?? '';
  if (!(body instanceof ArrayBuffer) || !contentType.toLowerCase().startsWith('multipart/form-data')) return null;
  return { body, contentType };
}

export type UploadedBytes = { name: string; type: string; bytes: Uint8Array };

/** One file field of a multipart body (null when absent or not a file); throws when malformed. */
export async function fileOfMultipart(m: MultipartBody, field: string): Promise<UploadedBytes | null> {
  const form = await new Response(m.body, { headers: { 'content-type': m.contentType } }).formData();
  const value = form.get(field);
  if (!value || typeof value === 'string') return null;
  return { name: value.name ?? '', type: value.type, bytes: new Uint8Array(await value.arrayBuffer()) };
}
