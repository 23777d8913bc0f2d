import en from '../en';
import { withFallback } from '../fallback';

// German has no full table yet: the navigation is translated, every other key falls back to English.
const de = withFallback(en, {
  nav: {
    createNew: 'Neu erstellen',
    performance: 'Leistungsindikator',
    myVideos: 'Meine Videos',
    campaigns: 'Kampagnen',
    socialProfiles: 'Soziale Profile',
    avatarLibrary: 'Avatar-Bibliothek',
    profile: 'Profil',
    subscription: 'Abonnement',
    settings: 'Einstellungen',
    help: 'Hilfe',
    signOut: 'Abmelden',
    language: 'Sprache',
  },
  account: { profile: 'Profil', settings: 'Einstellungen', logout: 'Abmelden' },
  settings: {
    dataExport: {
      title: 'Ihre Daten exportieren',
      hint: 'Ein Archiv (ZIP) Ihrer Kampagnen, Videos, Kontaktlisten, Kontakte, Zustellungen und Wiedergabe-Ereignisse als JSON und CSV. Sie erhalten eine E-Mail, sobald es fertig ist; es kann 7 Tage lang heruntergeladen werden.',
      includeFiles: 'Videodateien einschließen',
      includeFilesHint: 'Fügt die gerenderten Videos und ihre Vorschaubilder hinzu: ein größeres Archiv.',
      request: 'Meine Daten exportieren',
      requesting: 'Wird gestartet…',
      requested: 'Export gestartet',
      requestedText: 'Sie erhalten eine E-Mail, sobald das Archiv fertig ist.',
      none: 'Noch keine Exporte.',
      requestedOn: 'Angefordert am {date}',
      withFiles: 'Daten und Videodateien',
      metadataOnly: 'Nur Daten',
      expiresOn: 'verfügbar bis {date}',
      download: 'Herunterladen',
      status: { running: 'Wird vorbereitet… {progress} %', failed: 'Fehlgeschlagen', expired: 'Abgelaufen' },
    },
  },
});

export default de;
