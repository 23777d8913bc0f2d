import en from '../en';
import { withFallback } from '../fallback';

// Italian has no full table yet: the navigation is translated, every other key falls back to English.
const it = withFallback(en, {
  nav: {
    createNew: 'Crea nuovo',
    performance: 'Indicatore di performance',
    myVideos: 'I miei video',
    campaigns: 'Campagne',
    socialProfiles: 'Profili social',
    avatarLibrary: 'Libreria avatar',
    profile: 'Profilo',
    subscription: 'Abbonamento',
    settings: 'Impostazioni',
    help: 'Aiuto',
    signOut: 'Esci',
    language: 'Lingua',
  },
  myVideos: {
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
  },
  createVideo: { videoGone: 'Errore: questo video non esiste più.', videoGoneText: 'È stato eliminato. Genera di nuovo il video, poi invialo.' },
  account: { profile: 'Profilo', settings: 'Impostazioni', logout: 'Esci' },
});

export default it;
