import { createFileRoute } from '@tanstack/react-router';
import { CsvImportPage } from '../../../../features/csv-import/components/csv-import-page.js';

/**
 * /admin/settings/users/import: the CSV import. The trailing "_" of users_ keeps this screen
 * out of the users page's layout (its own full page); the admin layout still guards it.
 * Nothing to load: the page works on the chosen file until the admin sends it.
 */
export const Route = createFileRoute('/_app/admin/settings/users_/import')({
  component: CsvImportPage,
});
