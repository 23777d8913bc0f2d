import en_createVideo from '../../en/createVideo';
import { namespaceWithFallback } from '../../fallback';
import type { NamespaceCreateVideoTranslation } from '../../i18n-types';

// No full table for this language yet: the keys given here, English for the rest.
const it_createVideo = namespaceWithFallback<NamespaceCreateVideoTranslation>(en_createVideo, {
  videoGone: 'Errore: questo video non esiste più.',
  videoGoneText: 'È stato eliminato. Genera di nuovo il video, poi invialo.',
});

export default it_createVideo;
