import { fieldKey, isStandardVariable } from '../../shared/variables';
import { CONTACT_FIELDS, MAX_CUSTOM_FIELDS, type ContactField } from './schemas';

// How a CSV's columns become a contact: recognised from the header in English, French and Spanish,
// or chosen by hand in the import dialog (the server and the dialog read this one table).

/** What one column of an import becomes: a contact field, a custom field (a variable under the header's name), or nothing. */
export type ColumnTarget = ContactField | 'custom' | 'ignore';
export const COLUMN_TARGETS: readonly ColumnTarget[] = [...CONTACT_FIELDS, 'custom', 'ignore'];
export const isColumnTarget = (v: string): v is ColumnTarget => (COLUMN_TARGETS as readonly string[]).includes(v);

// Header spellings, compared lower-case without accents, spaces, underscores and punctuation.
const HEADERS = new Map<string, ContactField>();
const alias = (field: ContactField, ...names: string[]) => {
  for (const n of names) HEADERS.set(n, field);
};
alias(
  'name',
  'name',
  'fullname',
  'contactname',
  'contact',
  'displayname',
  'nomcomplet',
  'nometprenom',
  'prenometnom',
  'nombrecompleto',
  'nombreyapellidos',
  'contacto',
);
alias('firstName', 'firstname', 'first', 'givenname', 'forename', 'prenom', 'nombre', 'nombrepila', 'primernombre');
alias('lastName', 'lastname', 'last', 'surname', 'familyname', 'nom', 'nomdefamille', 'apellido', 'apellidos', 'primerapellido');
alias(
  'email',
  'email',
  'emailaddress',
  'mail',
  'emailid',
  'workemail',
  'courriel',
  'adresseemail',
  'adressemail',
  'adressecourriel',
  'mel',
  'correo',
  'correoelectronico',
  'direcciondecorreo',
  'direcciondecorreoelectronico',
);
alias('company', 'company', 'companyname', 'organization', 'organisation', 'org', 'employer', 'societe', 'entreprise', 'empresa', 'compania', 'organizacion');
alias('position', 'position', 'title', 'jobtitle', 'role', 'job', 'jobposition', 'poste', 'fonction', 'titre', 'intitule', 'cargo', 'puesto', 'titulo');
alias(
  'linkedinUrl',
  'linkedin',
  'linkedinurl',
  'linkedinprofile',
  'linkedinprofileurl',
  'profileurl',
  'linkedinlink',
  'profillinkedin',
  'urllinkedin',
  'perfillinkedin',
  'perfildelinkedin',
);
alias('language', 'language', 'lang', 'locale', 'langue', 'idioma', 'lengua');
alias(
  'phoneNumber',
  'phone',
  'phonenumber',
  'mobile',
  'mobilephone',
  'mobilenumber',
  'tel',
  'telephone',
  'cell',
  'cellphone',
  'whatsapp',
  'portable',
  'numerodetelephone',
  'telephoneportable',
  'telefono',
  'movil',
  'celular',
  'numerodetelefono',
  'telefonomovil',
);

/** "Prénom", " E-mail ", "Correo electrónico" → "prenom", "email", "correoelectronico". */
export const normaliseHeader = (h: string) =>
  h
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');

/** The standard field each header names, the first of a field winning. */
export function mapHeaders(header: string[]): (ContactField | null)[] {
  const seen = new Set<ContactField>();
  return header.map((h) => {
    const f = HEADERS.get(normaliseHeader(h));
    if (!f || seen.has(f)) return null;
    seen.add(f);
    return f;
  });
}

/**
 * Columns no standard field takes become custom fields under their normalised name ("Background
 * URL" → `background_url`), the first of a name winning; standard variable names are not custom.
 */
export function customColumns(header: string[], mapped: (ContactField | null)[]): (string | null)[] {
  const seen = new Set<string>();
  return header.map((h, i) => {
    if (mapped[i]) return null;
    const key = fieldKey(h);
    if (!key || isStandardVariable(key) || seen.has(key) || seen.size >= MAX_CUSTOM_FIELDS) return null;
    seen.add(key);
    return key;
  });
}

/** The mapping the import would use without a choice: recognised fields, custom fields, the rest ignored. */
export function detectColumns(header: string[]): ColumnTarget[] {
  const mapped = mapHeaders(header);
  const custom = customColumns(header, mapped);
  return header.map((_, i) => mapped[i] ?? (custom[i] ? 'custom' : 'ignore'));
}

/** A mapping that names a contact: a name, an e-mail, or a first or last name. */
export const namesAContact = (targets: readonly (ColumnTarget | null)[]) =>
  targets.some((f) => f === 'name' || f === 'email' || f === 'firstName' || f === 'lastName');
