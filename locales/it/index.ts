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
  validation: {
    twoFactorCode: "Inserisci il codice a 6 cifre dell'app o un codice di recupero",
    twoFactorAppCode: "Inserisci il codice a 6 cifre dell'app",
    invalidCode: 'Codice non valido',
    passwordOrCodeIncorrect: 'Password o codice errati',
    signInExpired: 'Questo accesso è scaduto. Accedi di nuovo.',
  },
});

export default it;
