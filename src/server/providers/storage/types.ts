// A stored object: Bun.file for local disk, a slice of an S3File for S3. Both are Blobs with slice().
export type StoredObject = Blob & { size: number };

export interface StorageProvider {
  readonly name: 'local' | 's3';
  put(key: string, data: Uint8Array | Blob | ArrayBuffer, contentType: string): Promise<void>;
  /** A file on disk copied in without reading it into memory (renders can be large). */
  putFile(key: string, path: string, contentType: string): Promise<void>;
  open(key: string): Promise<StoredObject | null>;
  delete(key: string): Promise<void>;
  /** Readiness: resolves when the store answers and can be written to (local) or listed (S3), throws otherwise. */
  check(): Promise<void>;
}

/**
 * A Response body for a stored object (or a slice of one). A local file's Blob goes as it is (Bun
 * sends it with sendfile). An S3 object must be streamed: Bun (1.4) answers a Response whose body
 * is an S3File, or a slice of one, with the whole object (a range asked for 20 bytes got 3 MB),
 * and `new Response(s3File).arrayBuffer()` reads 0 bytes. S3 blobs are told apart by `presign`.
 */
export function responseBody(obj: Blob): Blob | ReadableStream<Uint8Array> {
  return 'presign' in obj ? obj.stream() : obj;
}
