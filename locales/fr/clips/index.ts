import type { NamespaceClipsTranslation } from '../../i18n-types';

const fr_clips = {
  title: 'Mes clips vidéo',
  subtitle: "Les clips d'avatar parlant que vous avez générés.",
  refresh: 'Actualiser',
  createNew: 'Créer une nouvelle vidéo',
  fetchFailed: 'Échec de la récupération des clips',
  refreshFailed: "Échec de l'actualisation",
  empty: 'Aucun clip pour le moment',
  emptyText: "Vos clips d'avatar parlant apparaissent ici dès que vous en générez un.",
  untitled: 'Clip sans titre',
  createdOn: 'Créé le {date}',
  status: {
    done: 'Terminé',
    completed: 'Terminé',
    created: 'Créé',
    started: 'Démarré',
    processing: 'En traitement',
    error: 'Erreur',
    rejected: 'Rejeté',
  },
  watch: 'Regarder',
  reuse: 'Réutiliser',
  reuseHint: 'Seuls les clips terminés peuvent être réutilisés',
} satisfies NamespaceClipsTranslation;

export default fr_clips;
