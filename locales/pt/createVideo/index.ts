import en_createVideo from '../../en/createVideo';
import { namespaceWithFallback } from '../../fallback';
import type { NamespaceCreateVideoTranslation } from '../../i18n-types';

// No full table for this language yet: the keys given here, English for the rest.
const pt_createVideo = namespaceWithFallback<NamespaceCreateVideoTranslation>(en_createVideo, {
  videoGone: 'Erro: este vídeo já não existe.',
  videoGoneText: 'Foi eliminado. Gere o vídeo novamente e depois envie-o.',
});

export default pt_createVideo;
