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
  account: { profile: 'Profilo', settings: 'Impostazioni', logout: 'Esci' },
  settings: {
    dataExport: {
      title: 'Esporta i tuoi dati',
      hint: 'Un archivio (zip) delle tue campagne, video, liste di contatti, contatti, invii ed eventi di visualizzazione, in JSON e CSV. Ricevi un’e-mail quando è pronto e puoi scaricarlo per 7 giorni.',
      includeFiles: 'Includi i file video',
      includeFilesHint: 'Aggiunge i video generati e le loro miniature: un archivio più grande.',
      request: 'Esporta i miei dati',
      requesting: 'Avvio…',
      requested: 'Esportazione avviata',
      requestedText: 'Riceverai un’e-mail quando l’archivio sarà pronto.',
      none: 'Nessuna esportazione per ora.',
      requestedOn: 'Richiesta il {date}',
      withFiles: 'Dati e file video',
      metadataOnly: 'Solo dati',
      expiresOn: 'disponibile fino al {date}',
      download: 'Scarica',
      status: { running: 'Preparazione… {progress}%', failed: 'Non riuscita', expired: 'Scaduta' },
    },
  },
});

export default it;
