import en from '../en';
import { withFallback } from '../fallback';

// Portuguese has no full table yet: the navigation is translated, every other key falls back to English.
const pt = withFallback(en, {
  nav: {
    createNew: 'Criar novo',
    performance: 'Indicador de desempenho',
    myVideos: 'Os meus vídeos',
    campaigns: 'Campanhas',
    socialProfiles: 'Perfis sociais',
    avatarLibrary: 'Biblioteca de avatares',
    profile: 'Perfil',
    subscription: 'Subscrição',
    settings: 'Definições',
    help: 'Ajuda',
    signOut: 'Terminar sessão',
    language: 'Idioma',
  },
  myVideos: {
    moreFor: 'Mais ações para «{title}»',
    rename: 'Mudar o nome',
    renameTitle: 'Mudar o nome do vídeo',
    titleLabel: 'Título',
    titleRequired: 'Indique um título para o seu vídeo',
    titleTooLong: 'O título não pode ter mais de {max} caracteres',
    renamed: 'Nome do vídeo alterado',
    renameFailed: 'Não foi possível mudar o nome do vídeo',
    download: 'Transferir',
    send: 'Enviar',
    addToCampaign: 'Adicionar a uma campanha',
    campaignTitle: 'Adicionar a uma campanha',
    campaignLabel: 'Campanhas',
    nowIn: 'Agora em «{name}». Um vídeo está numa só campanha de cada vez.',
    inNone: 'Ainda não está em nenhuma campanha.',
    here: 'Aqui',
    moveHere: 'Mover para aqui',
    noCampaigns: 'Ainda não tem campanhas.',
    createCampaign: 'Criar uma campanha',
    addedToCampaign: 'Adicionado a «{name}»',
    campaignFailed: 'Não foi possível adicionar o vídeo à campanha',
    duplicate: 'Duplicar e editar',
    duplicateReady: 'Uma cópia para editar: ao guardar cria um vídeo novo',
    duplicateFailed: 'Não foi possível abrir este vídeo para edição',
    delete: 'Eliminar',
    deleteTitle: 'Eliminar este vídeo?',
    deleteText:
      'O ficheiro, os vídeos pessoais feitos para os destinatários e a ligação de partilha também são eliminados, e o seu armazenamento fica livre. Quem abrir as suas ligações verá que já não está disponível. Não é possível anular.',
    deleted: 'Vídeo eliminado',
    deleteFailed: 'Não foi possível eliminar o vídeo',
  },
  createVideo: { videoGone: 'Erro: este vídeo já não existe.', videoGoneText: 'Foi eliminado. Gere o vídeo novamente e depois envie-o.' },
  account: { profile: 'Perfil', settings: 'Definições', logout: 'Terminar sessão' },
});

export default pt;
