/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Where the web build put the face detector's model and WebAssembly (src/app/web-face-assets.ts). */
  readonly VITE_FACE_ASSETS?: string;
}
