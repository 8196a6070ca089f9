/**
 * The words HR and directory exports use for each import field, per language, written as the
 * exports write them (any case, accents, spaces or dashes: shared/csv-headers.ts normalises
 * these entries exactly as it normalises a file's header cells). Data only; the mechanism that
 * reads a header with them is in csv-headers.ts (docs/decisions/0029, docs/decisions/0061).
 *
 * To teach the import a new header, add its words here, in the language it comes from.
 */
import type { ImportField } from './csv-headers.js';

export const HEADER_LANGUAGES = ['en', 'de', 'fr', 'es', 'nl'] as const;
export type HeaderLanguage = (typeof HEADER_LANGUAGES)[number];
type Words = Partial<Record<HeaderLanguage, readonly string[]>>;

/** How the words of a field may be decorated and how well they name it. */
export type FieldSynonyms = {
  /** Names of the field (rank 1: the best column for it). */
  names?: Words;
  /** Weaker names, used only when no column names the field better (rank 2). */
  fallback?: Words;
  /** Weakest names (rank 3), such as a sign-in name that is usually the address. */
  last?: Words;
  /**
   * Work qualifiers ("Work", "Business", "geschäftlich") may surround the name: `allowed` reads
   * "Work Location" as location; `preferred` also makes a fallback name rank 1 ("Work Email" beats "Email").
   */
  work?: 'allowed' | 'preferred';
};

/** Words for a manager; combined with every email word they name manager_email ("Manager Email", "E-Mail des Vorgesetzten"). */
export const MANAGER_WORDS: Words = {
  en: ['Manager', "Manager's", 'Supervisor', "Supervisor's", 'Reports to', 'Reporting to', 'Line manager', 'Direct manager'],
  de: ['Vorgesetzter', 'Vorgesetzte', 'Vorgesetzten', 'Führungskraft', 'Fuehrungskraft', 'Manager'],
  fr: ['Responsable', 'Manager', 'Supérieur', 'Supérieur hiérarchique', 'Responsable hiérarchique', 'N+1'],
  es: ['Responsable', 'Jefe', 'Jefe directo', 'Gerente', 'Supervisor', 'Manager'],
  nl: ['Leidinggevende', 'Manager'],
};

/** Words for an email address (rank 2 alone: a work-qualified or a manager's one ranks 1). */
export const EMAIL_WORDS: Words = {
  en: ['Email', 'E-mail', 'Email address', 'E-mail address', 'Mail', 'Mail address'],
  de: ['E-Mail', 'E-Mail-Adresse', 'Emailadresse', 'Mailadresse', 'Mail'],
  fr: ['Courriel', 'Adresse e-mail', 'Adresse email', 'Adresse mail', 'Adresse électronique', 'Adresse courriel', 'Mél'],
  es: ['Correo', 'Correo electrónico', 'Dirección de correo', 'Dirección de correo electrónico', 'Dirección de email'],
  nl: ['E-mailadres', 'Emailadres', 'Mailadres'],
};

export const FIELD_SYNONYMS: Record<ImportField, FieldSynonyms> = {
  email: { fallback: EMAIL_WORDS, last: { en: ['User principal name', 'UPN'] }, work: 'preferred' },
  full_name: {
    names: {
      en: ['Full name', 'Name', 'Display name', 'Employee name', 'Worker', 'Legal name'],
      de: ['Name', 'Vollständiger Name', 'Anzeigename', 'Mitarbeitername'],
      fr: ['Nom complet', 'Prénom et nom', 'Nom et prénom', "Nom d'affichage"],
      es: ['Nombre completo', 'Nombre y apellidos', 'Nombre del empleado'],
      nl: ['Naam', 'Volledige naam', 'Weergavenaam'],
    },
  },
  first_name: {
    names: { en: ['First name', 'Given name', 'Forename'], de: ['Vorname'], fr: ['Prénom'], es: ['Nombre', 'Nombre de pila'], nl: ['Voornaam', 'Voornamen'] },
  },
  last_name: {
    names: {
      en: ['Last name', 'Surname', 'Family name'],
      de: ['Nachname', 'Familienname'],
      fr: ['Nom', 'Nom de famille'],
      es: ['Apellidos', 'Apellido'],
      nl: ['Achternaam', 'Familienaam'],
    },
  },
  preferred_name: {
    names: {
      en: ['Preferred name', 'Preferred first name', 'Preferred Name - First Name', 'Nickname', 'Known as'],
      de: ['Rufname', 'Bevorzugter Name'],
      fr: ["Prénom d'usage", 'Nom préféré', 'Prénom usuel'],
      es: ['Nombre preferido'],
      nl: ['Roepnaam', 'Voorkeursnaam'],
    },
  },
  role: {
    names: {
      en: ['Role', 'Job title', 'Title', 'Position', 'Job', 'Job name'],
      de: ['Position', 'Stellenbezeichnung', 'Berufsbezeichnung', 'Jobtitel', 'Funktion'],
      fr: ['Poste', 'Intitulé du poste', 'Fonction', 'Emploi'],
      es: ['Puesto', 'Cargo', 'Título del puesto', 'Puesto de trabajo'],
      nl: ['Functie', 'Functietitel', 'Functienaam'],
    },
    work: 'allowed',
  },
  permission_level: {
    names: {
      en: ['Permission level', 'Permission', 'Permissions', 'Access level'],
      de: ['Berechtigung', 'Berechtigungsstufe', 'Zugriffsstufe'],
      fr: ["Niveau d'accès", 'Droits', "Niveau d'autorisation"],
      es: ['Nivel de acceso', 'Permisos', 'Permiso'],
      nl: ['Rechten', 'Toegangsniveau'],
    },
  },
  team: { names: { en: ['Team', 'Team name', 'Squad'], de: ['Team', 'Teamname'], fr: ['Équipe'], es: ['Equipo'], nl: ['Team'] } },
  department: {
    names: {
      en: ['Department', 'Department name', 'Dept', 'Supervisory organization', 'Org unit'],
      de: ['Abteilung', 'Organisationseinheit'],
      fr: ['Service', 'Département'],
      es: ['Departamento', 'Área'],
      nl: ['Afdeling'],
    },
  },
  division: {
    names: {
      en: ['Division', 'Business unit', 'Division name'],
      de: ['Bereich', 'Geschäftsbereich', 'Unternehmensbereich'],
      fr: ['Division', 'Direction', 'Unité commerciale'],
      es: ['División', 'Unidad de negocio'],
      nl: ['Divisie', 'Bedrijfsonderdeel'],
    },
  },
  // Names from MANAGER_WORDS x EMAIL_WORDS are added by csv-headers.ts. A bare manager word is the
  // fallback only where exports put an address there; "Supervisor" and "Reports to" hold a name.
  manager_email: {
    fallback: {
      en: ['Manager'],
      de: ['Vorgesetzter', 'Vorgesetzte', 'Führungskraft'],
      fr: ['Responsable', 'Manager'],
      es: ['Responsable', 'Jefe'],
      nl: ['Leidinggevende', 'Manager'],
    },
    work: 'allowed',
  },
  location: {
    names: {
      en: ['Location', 'Office', 'Office location', 'Site', 'Work site'],
      de: ['Standort', 'Arbeitsort', 'Büro'],
      fr: ['Site', 'Lieu de travail', 'Bureau', 'Localisation'],
      es: ['Ubicación', 'Oficina', 'Sede', 'Centro de trabajo'],
      nl: ['Locatie', 'Vestiging', 'Werkplek', 'Kantoor'],
    },
    fallback: { en: ['City', 'Office city'], de: ['Stadt', 'Ort'], fr: ['Ville'], es: ['Ciudad'], nl: ['Stad', 'Plaats'] },
    work: 'allowed',
  },
  time_zone: {
    names: { en: ['Time zone', 'Timezone', 'TZ'], de: ['Zeitzone'], fr: ['Fuseau horaire'], es: ['Zona horaria'], nl: ['Tijdzone'] },
    work: 'allowed',
  },
};

/** Qualifiers saying an address is the work one; dropped around fields that allow them (`work`). */
export const WORK_QUALIFIERS = [
  'work',
  'business',
  'company',
  'corporate',
  'office',
  'professional',
  'geschäftlich',
  'geschäftliche',
  'geschaeftlich',
  'dienstlich',
  'dienstliche',
  'beruflich',
  'berufliche',
  'firma',
  'firmen',
  'arbeit',
  'professionnel',
  'professionnelle',
  'pro',
  'travail',
  'entreprise',
  'bureau',
  'trabajo',
  'laboral',
  'corporativo',
  'corporativa',
  'empresa',
  'profesional',
  'oficina',
  'werk',
  'zakelijk',
  'zakelijke',
  'bedrijf',
  'kantoor',
] as const;

/** Qualifiers of a private or secondary value: a header with one names no field ("Home Email", "E-Mail privat"). */
export const PERSONAL_QUALIFIERS = [
  'home',
  'personal',
  'private',
  'alternate',
  'alternative',
  'secondary',
  'other',
  'recovery',
  'backup',
  'new',
  'old',
  'previous',
  'privat',
  'privates',
  'persönlich',
  'persönliche',
  'personnel',
  'personnelle',
  'perso',
  'privé',
  'privée',
  'privado',
  'privada',
  'particular',
  'prive',
  'persoonlijk',
  'persoonlijke',
  'thuis',
] as const;

/** Words that decorate any field without changing it: legal names, primary values, required-field notes. */
export const NEUTRAL_WORDS = [
  'legal',
  'primary',
  'main',
  'employee',
  'official',
  'required',
  'mandatory',
  'optional',
  'pflicht',
  'pflichtfeld',
  'erforderlich',
  'obligatoire',
  'principal',
  'principale',
  'obligatorio',
  'verplicht',
] as const;

/** Small words dropped everywhere ("Nom de famille" reads as "nom famille"), when other words remain. */
export const STOP_WORDS = [
  'of',
  'the',
  'de',
  'du',
  'des',
  'd',
  'la',
  'le',
  'les',
  'l',
  'et',
  'del',
  'el',
  'los',
  'las',
  'y',
  'der',
  'die',
  'das',
  'und',
  'van',
  'het',
] as const;
