// The list lives in the dependency-free vocabulary (the web app reads it too); the schema reads it here.
export { translationStatuses, type TranslationStatus } from '../vocabulary/translation-status.ts';
