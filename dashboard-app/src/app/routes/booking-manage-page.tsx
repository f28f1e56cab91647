import { useParams } from 'react-router-dom';
import { CardPage } from '@/components/layout/card-page';
import { ManageBooking } from '@/features/booking-manage/components/manage-booking';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /booking/{token}: a visitor's paid session, from the private link in their receipt (no sign-in). */
export function BookingManagePage() {
  useDocumentTitle('Your booking');
  const { token = '' } = useParams();
  return (
    <CardPage title="Your booking" description="Cancel your session or move it to another time.">
      <ManageBooking token={token} />
    </CardPage>
  );
}
