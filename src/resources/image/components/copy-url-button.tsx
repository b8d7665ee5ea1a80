import { useLingui } from '@lingui/react/macro';
import { ActionIcon } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useState } from 'react';
import { Tooltip } from '../../../components/floating';
import { notifySuccess } from '../../../components/notify';
import { absoluteUrl } from '../model';

/** navigator.clipboard needs a secure context; plain http on a LAN address falls back to execCommand. */
async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.append(area);
    area.select();
    const ok = document.execCommand('copy');
    area.remove();
    return ok;
  }
}

export function CopyUrlButton({ url, name }: { url: string; name: string }) {
  const { t } = useLingui();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    const href = absoluteUrl(url, window.location.origin);
    if (await copyText(href)) {
      setCopied(true);
      notifySuccess(t`URL copied`);
      setTimeout(() => setCopied(false), 1500);
    }
  };
  return (
    <Tooltip label={copied ? t`Copied` : t`Copy URL`} openDelay={200}>
      <ActionIcon
        variant="subtle"
        color={copied ? 'teal' : undefined}
        aria-label={t`Copy URL of ${name}`}
        data-testid="image-copy"
        onClick={copy}
      >
        {copied ? <IconCheck size={18} aria-hidden /> : <IconCopy size={18} aria-hidden />}
      </ActionIcon>
    </Tooltip>
  );
}
