import en_createVideo from '../../en/createVideo';
import { namespaceWithFallback } from '../../fallback';
import type { NamespaceCreateVideoTranslation } from '../../i18n-types';

// No full table for this language yet: the keys given here, English for the rest.
const de_createVideo = namespaceWithFallback<NamespaceCreateVideoTranslation>(en_createVideo, {
  videoGone: 'Fehler: Dieses Video existiert nicht mehr.',
  videoGoneText: 'Es wurde gelöscht. Erstelle das Video erneut und sende es dann.',
});

export default de_createVideo;
