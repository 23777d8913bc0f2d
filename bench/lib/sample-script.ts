// What the render benches say and to whom: one ~30 s English pitch and first names to greet.

/** `--name N` on the command line, else the fallback. */
export const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};

/** The shared part of a personalised video (~25 s with a greeting in front). */
export const TAIL =
  'I made this short video to show you how our platform helps sales teams reach more customers with less effort. ' +
  'First, you write one script, and the studio turns it into a video with a presenter and your brand colours. ' +
  'Second, every contact gets a version that greets them by name, rendered in seconds. ' +
  'Third, you can follow who watched, for how long, and who clicked, right from your dashboard. ' +
  'If that sounds useful, reply to this message and we will set up a short call.';

export const NAMES = [
  'Alice',
  'Bruno',
  'Chen',
  'Dana',
  'Emeka',
  'Fatima',
  'Gustav',
  'Hana',
  'Igor',
  'Julia',
  'Kofi',
  'Lena',
  'Mateo',
  'Nora',
  'Oscar',
  'Priya',
  'Quentin',
  'Rosa',
  'Sven',
  'Tariq',
  'Uma',
  'Victor',
  'Wen',
  'Ximena',
  'Yusuf',
  'Zoe',
];
