import { Trans } from '@lingui/react/macro';
import { Button } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';

/**
 * The entry point to the upload panel (/web/video-upload). Uploads
 * create the records this list shows; the list refreshes when the user comes back.
 */
export function UploadVideosLink() {
  return (
    <Button
      component={Link}
      to="/web/video-upload"
      leftSection={<IconUpload size={16} aria-hidden />}
      data-testid="video-upload-link"
    >
      <Trans>Upload videos</Trans>
    </Button>
  );
}
