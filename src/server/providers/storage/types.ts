// A stored object: Bun.file for local disk, S3File for S3. Both are Blobs with slice().
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
