import en_myVideos from '../../en/myVideos';
import { namespaceWithFallback } from '../../fallback';
import type { NamespaceMyVideosTranslation } from '../../i18n-types';

// No full table for this language yet: the keys given here, English for the rest.
const it_myVideos = namespaceWithFallback<NamespaceMyVideosTranslation>(en_myVideos, {
  moreFor: 'Altre azioni per «{title}»',
  rename: 'Rinomina',
  renameTitle: 'Rinomina il video',
  titleLabel: 'Titolo',
  titleRequired: 'Indica un titolo per il tuo video',
  titleTooLong: 'Il titolo non può superare {max} caratteri',
  renamed: 'Video rinominato',
  renameFailed: 'Impossibile rinominare il video',
  download: 'Scarica',
  send: 'Invia',
  addToCampaign: 'Aggiungi a una campagna',
  campaignTitle: 'Aggiungi a una campagna',
  campaignLabel: 'Campagne',
  nowIn: 'Ora in «{name}». Un video sta in una sola campagna alla volta.',
  inNone: 'Non è ancora in nessuna campagna.',
  here: 'Qui',
  moveHere: 'Sposta qui',
  noCampaigns: 'Non hai ancora campagne.',
  createCampaign: 'Crea una campagna',
  addedToCampaign: 'Aggiunto a «{name}»',
  campaignFailed: 'Impossibile aggiungere il video alla campagna',
  duplicate: 'Duplica e modifica',
  duplicateReady: 'Una copia da modificare: salvando si crea un nuovo video',
  duplicateFailed: 'Impossibile aprire questo video per modificarlo',
  delete: 'Elimina',
  deleteTitle: 'Eliminare questo video?',
  deleteText:
    'Vengono eliminati anche il suo file, i video personali creati per i destinatari e il link di condivisione, e lo spazio di archiviazione viene liberato. Chi apre i suoi link vedrà che non è più disponibile. L’operazione è irreversibile.',
  deleted: 'Video eliminato',
  deleteFailed: 'Impossibile eliminare il video',
});

export default it_myVideos;
