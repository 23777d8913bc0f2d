// Names of the stock presenters. 80 first names per gender × 23 initials = 1,840 names per gender,
// more than the ~1,496 presenters of each: no full name is given twice (src/media/stock-names.test.ts).

const FEMALE_NAMES = (
  'Emma Olivia Sophie Chloé Lucía Anna Giulia Beatriz Amara Mei Priya Fatima Grace Laura Nadia Sara Yuki Zoe Elena Maya ' +
  'Aisha Camille Ingrid Leila Mariana Noor Rosa Hana Ines Freya Valentina Chiara Aylin Zara Keiko Ama Sofia Clara Eva Lina ' +
  'Malika Teresa Jana Alba Marta Carmen Amelia Isla Hannah Léa Manon Noemi Paula Yasmin Ada Imani Mina Jiwoo Ananya Tala ' +
  'Nora Elif Wanjiru Ngozi Selin Irene Helena Julia Alice Lotte Astrid Esther Marisol Renata Luisa Daniela Kavya Meera Suki Lucy'
).split(' ');
const MALE_NAMES = (
  'James Lucas Louis Javier Lukas Marco Tiago Omar Kenji Arjun Daniel David Samuel Noah Ethan Mateo Hugo Leo Kwame Ivan ' +
  'Ahmed Felix Jonas Pedro Rafael Diego Luca Matteo Nikolai Yusuf Hiroshi Ravi Kofi Emeka Tomás Andrés Pablo Adrián Gabriel Antoine ' +
  'Julien Théo Mathis Paolo Enzo Bruno Henrik Erik Oskar Malik Karim Tariq Wei Jun Minjun Vikram Rohan Dev Sipho Tunde ' +
  'Chidi Aziz Emre Can Alexei Dmitri Mikael Lars Finn Oliver Henry Jack Miguel Carlos Sergio Rui Vasco Nuno Kai Ren'
).split(' ');
const INITIALS = 'ABCDEFGHJKLMNOPRSTUVWYZ';
/** Walks the first names out of list order (coprime with 80), so neighbours in the library differ in origin. */
const STRIDE = 37;

/**
 * The presenter's name, a bijection of the index. The k-th woman (or man) gets first name 37·k mod 80,
 * so any 80 in a row of one gender have different first names (a page holds at most 100 presenters,
 * 50 of each gender), and an initial that moves on with each round of 80, so no full name repeats.
 */
export function stockName(index: number): string {
  const names = index % 2 === 0 ? FEMALE_NAMES : MALE_NAMES;
  const k = Math.floor(index / 2);
  const first = (k * STRIDE) % names.length;
  const round = Math.floor(k / names.length);
  // Men start their initials elsewhere, so neighbours (a woman, then a man) do not share one.
  const shift = index % 2 === 0 ? 0 : 11;
  return `${names[first]} ${INITIALS[(round + first + shift) % INITIALS.length]}.`;
}
