/**
 * Test fixtures: header rows of the people exports admins bring to the import, as those tools
 * write them (column names and order of a typical report or directory download), and the fields
 * the import must map them to on its own. Used by the header tests of the server and the browser.
 */
import type { ImportField } from './csv-headers.js';

export type HrExportFixture = { tool: string; headers: string[]; expected: Partial<Record<ImportField, string>> };

export const HR_EXPORT_FIXTURES: HrExportFixture[] = [
  {
    tool: 'BambooHR (custom report)',
    headers: ['Employee #', 'First Name', 'Last Name', 'Preferred Name', 'Work Email', 'Home Email', 'Job Title', 'Department', 'Division', 'Location', 'Reporting to', 'Manager Email', 'Hire Date', 'Employment Status'],
    expected: { first_name: 'First Name', last_name: 'Last Name', preferred_name: 'Preferred Name', email: 'Work Email', role: 'Job Title', department: 'Department', division: 'Division', location: 'Location', manager_email: 'Manager Email' },
  },
  {
    tool: 'Personio',
    headers: ['ID', 'First name', 'Last name', 'Email', 'Gender', 'Position', 'Department', 'Team', 'Office', 'Supervisor', 'Supervisor email', 'Hire date', 'Employment type', 'Status'],
    expected: { first_name: 'First name', last_name: 'Last name', email: 'Email', role: 'Position', department: 'Department', team: 'Team', location: 'Office', manager_email: 'Supervisor email' },
  },
  {
    tool: 'HiBob',
    headers: ['Employee ID', 'Display name', 'First name', 'Last name', 'Email', 'Job title', 'Department', 'Division', 'Site', 'Reports to', 'Reports to email', 'Start date'],
    expected: { full_name: 'Display name', first_name: 'First name', last_name: 'Last name', email: 'Email', role: 'Job title', department: 'Department', division: 'Division', location: 'Site', manager_email: 'Reports to email' },
  },
  {
    tool: 'Workday (worker report)',
    headers: ['Employee ID', 'Worker', 'Legal Name - First Name', 'Legal Name - Last Name', 'Preferred Name - First Name', 'Email - Primary Work', 'Business Title', 'Supervisory Organization', 'Company', 'Location', 'Time Zone', 'Manager', "Manager's Email", 'Hire Date'],
    expected: { full_name: 'Worker', first_name: 'Legal Name - First Name', last_name: 'Legal Name - Last Name', preferred_name: 'Preferred Name - First Name', email: 'Email - Primary Work', role: 'Business Title', department: 'Supervisory Organization', location: 'Location', time_zone: 'Time Zone', manager_email: "Manager's Email" },
  },
  {
    tool: 'Rippling',
    headers: ['Employee ID', 'Legal first name', 'Legal last name', 'Preferred first name', 'Work email', 'Personal email', 'Title', 'Department', 'Manager', 'Manager email', 'Work location', 'Start date', 'Employment type'],
    expected: { first_name: 'Legal first name', last_name: 'Legal last name', preferred_name: 'Preferred first name', email: 'Work email', role: 'Title', department: 'Department', manager_email: 'Manager email', location: 'Work location' },
  },
  {
    tool: 'Google Workspace (Admin console, download users)',
    headers: ['First Name [Required]', 'Last Name [Required]', 'Email Address [Required]', 'Password [Required]', 'Password Hash Function [UPLOAD ONLY]', 'Org Unit Path [Required]', 'New Primary Email [UPLOAD ONLY]', 'Recovery Email', 'Home Secondary Email', 'Work Secondary Email', 'Recovery Phone [MUST BE IN THE E.164 FORMAT]', 'Work Phone', 'Home Phone', 'Mobile Phone', 'Work Address', 'Home Address', 'Employee ID', 'Employee Type', 'Employee Title', 'Manager Email', 'Department', 'Cost Center', 'Building ID', 'Floor Name', 'Floor Section', 'Change Password at Next Sign-In', 'New Status [UPLOAD ONLY]'],
    expected: { first_name: 'First Name [Required]', last_name: 'Last Name [Required]', email: 'Email Address [Required]', role: 'Employee Title', manager_email: 'Manager Email', department: 'Department' },
  },
  {
    tool: 'Microsoft Entra ID (download users)',
    headers: ['userPrincipalName', 'displayName', 'surname', 'mail', 'givenName', 'id', 'userType', 'jobTitle', 'department', 'accountEnabled', 'usageLocation', 'streetAddress', 'state', 'country', 'officeLocation', 'city', 'postalCode', 'telephoneNumber', 'mobilePhone', 'companyName', 'createdDateTime'],
    expected: { email: 'mail', full_name: 'displayName', first_name: 'givenName', last_name: 'surname', role: 'jobTitle', department: 'department', location: 'officeLocation' },
  },
  {
    tool: 'Personio (German export)',
    headers: ['ID', 'Vorname', 'Nachname', 'E-Mail', 'Geschlecht', 'Position', 'Abteilung', 'Team', 'Standort', 'Vorgesetzter', 'Eintrittsdatum', 'Beschäftigungsart', 'Status'],
    expected: { first_name: 'Vorname', last_name: 'Nachname', email: 'E-Mail', role: 'Position', department: 'Abteilung', team: 'Team', location: 'Standort', manager_email: 'Vorgesetzter' },
  },
  {
    tool: 'German HR report (decorated)',
    headers: ['Personalnummer', 'Vorname (Pflichtfeld)', 'NACHNAME', 'E-Mail (privat)', 'Geschäftliche E-Mail-Adresse', 'Stellenbezeichnung', 'Bereich', 'E-Mail des Vorgesetzten', 'Zeitzone'],
    expected: { first_name: 'Vorname (Pflichtfeld)', last_name: 'NACHNAME', email: 'Geschäftliche E-Mail-Adresse', role: 'Stellenbezeichnung', division: 'Bereich', manager_email: 'E-Mail des Vorgesetzten', time_zone: 'Zeitzone' },
  },
  {
    tool: 'French HR export (Lucca-style)',
    headers: ['Matricule', 'Prénom', 'Nom', 'Courriel', 'Email personnel', 'Intitulé du poste', 'Service', 'Direction', 'Responsable', 'Site', "Date d'entrée"],
    expected: { first_name: 'Prénom', last_name: 'Nom', email: 'Courriel', role: 'Intitulé du poste', department: 'Service', division: 'Direction', manager_email: 'Responsable', location: 'Site' },
  },
  {
    tool: 'French export without accents, upper case',
    headers: ['PRENOM', 'NOM DE FAMILLE', 'ADRESSE E-MAIL PROFESSIONNELLE', 'EQUIPE', 'EMAIL DU RESPONSABLE', 'FUSEAU HORAIRE'],
    expected: { first_name: 'PRENOM', last_name: 'NOM DE FAMILLE', email: 'ADRESSE E-MAIL PROFESSIONNELLE', team: 'EQUIPE', manager_email: 'EMAIL DU RESPONSABLE', time_zone: 'FUSEAU HORAIRE' },
  },
  {
    tool: 'Spanish HR export (Factorial-style)',
    headers: ['Nombre', 'Apellidos', 'Correo electrónico', 'Correo personal', 'Puesto', 'Departamento', 'Equipo', 'Ubicación', 'Responsable', 'Fecha de incorporación'],
    expected: { first_name: 'Nombre', last_name: 'Apellidos', email: 'Correo electrónico', role: 'Puesto', department: 'Departamento', team: 'Equipo', location: 'Ubicación', manager_email: 'Responsable' },
  },
  {
    tool: 'Dutch HR export (AFAS-style)',
    headers: ['Medewerker', 'Voornaam', 'Achternaam', 'E-mailadres werk', 'E-mailadres privé', 'Functie', 'Afdeling', 'Leidinggevende', 'Vestiging', 'Tijdzone'],
    expected: { first_name: 'Voornaam', last_name: 'Achternaam', email: 'E-mailadres werk', role: 'Functie', department: 'Afdeling', manager_email: 'Leidinggevende', location: 'Vestiging', time_zone: 'Tijdzone' },
  },
];
