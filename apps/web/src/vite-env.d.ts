/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Product name shown in titles and the header; resellers brand it (docs/architecture.md#scope). */
  readonly VITE_APP_NAME?: string;
  readonly VITE_SUPPORT_EMAIL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
