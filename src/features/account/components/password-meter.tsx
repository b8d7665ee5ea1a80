import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Group, List, Progress, Text, VisuallyHidden } from '@mantine/core';
import { IconCircleCheck, IconCircleDashed, IconCircleX, IconLoader2 } from '@tabler/icons-react';
import { MIN_PASSWORD_LENGTH } from '../../../contract/password-policy';
import { PASSWORD_RULES, type PasswordRule, type PasswordVerdict, type RuleState } from '../model';
import classes from './password-meter.module.css';

const min = MIN_PASSWORD_LENGTH;
const RULE_TEXT: Record<PasswordRule, MessageDescriptor> = {
  length: msg`At least ${min} characters`,
  common: msg`Not a common or breached password`,
  guess: msg`Not easy to guess (no keyboard runs, repeats or dates)`,
  personal: msg`Not built from your name, account or phone number`,
};

const STRENGTH: MessageDescriptor[] = [msg`Very weak`, msg`Weak`, msg`Fair`, msg`Strong`, msg`Very strong`];
const STRENGTH_COLOR = ['red', 'red', 'orange', 'teal', 'green'];

const ICON: Record<RuleState, { icon: typeof IconCircleCheck; color: string }> = {
  idle: { icon: IconCircleDashed, color: 'var(--mantine-color-dimmed)' },
  checking: { icon: IconLoader2, color: 'var(--mantine-color-dimmed)' },
  met: { icon: IconCircleCheck, color: 'var(--mantine-color-green-filled)' },
  unmet: { icon: IconCircleX, color: 'var(--mantine-color-red-filled)' },
};

interface Props {
  verdict: PasswordVerdict;
  /** The estimator could not be loaded: only the length is checked here. */
  unavailable: boolean;
}

/**
 * The new password's strength and the rule, point by point. The rule list is always visible (it is
 * the explanation); the live region announces the outcome only when it changes.
 */
export function PasswordMeter({ verdict, unavailable }: Props) {
  const { t, i18n } = useLingui();
  const { score, rules } = verdict;
  const stateLabel: Record<RuleState, string> = {
    idle: t`not checked yet`,
    checking: t`checking`,
    met: t`met`,
    unmet: t`not met`,
  };
  const firstUnmet = PASSWORD_RULES.find((r) => rules[r] === 'unmet');
  const level = STRENGTH[score ?? 0];
  const strength = score === undefined || !level ? '' : i18n._(level);
  const rule = firstUnmet ? i18n._(RULE_TEXT[firstUnmet]) : '';
  let summary = '';
  if (firstUnmet) summary = t`Not yet: ${rule}.`;
  else if (verdict.acceptable) summary = t`Strength: ${strength}. The password meets every rule.`;

  return (
    <div data-testid="password-meter">
      <Group gap="xs" wrap="nowrap" mt={6} mb={4}>
        <Progress
          value={score === undefined ? 0 : ((score + 1) / STRENGTH.length) * 100}
          color={STRENGTH_COLOR[score ?? 0]}
          size="sm"
          flex={1}
          aria-hidden
        />
        <Text size="xs" c="dimmed" miw={70} ta="right" data-testid="password-strength">
          {strength}
        </Text>
      </Group>
      <List spacing={2} size="sm" listStyleType="none" aria-label={t`Password rules`}>
        {PASSWORD_RULES.map((rule) => {
          const state = unavailable && rules[rule] === 'checking' ? 'idle' : rules[rule];
          const { icon: Icon, color } = ICON[state];
          return (
            <List.Item
              key={rule}
              data-rule={rule}
              data-state={state}
              icon={<Icon size={16} color={color} aria-hidden style={{ verticalAlign: 'middle' }} />}
            >
              <Text span size="sm" className={state === 'unmet' ? classes.unmet : undefined}>
                {i18n._(RULE_TEXT[rule])}
              </Text>
              <VisuallyHidden>{`: ${stateLabel[state]}`}</VisuallyHidden>
            </List.Item>
          );
        })}
      </List>
      {unavailable && (
        <Text size="xs" c="dimmed" mt={4}>
          {t`The strength check could not be loaded; the server checks the password when you save.`}
        </Text>
      )}
      <VisuallyHidden aria-live="polite" data-testid="password-summary">
        {summary}
      </VisuallyHidden>
    </div>
  );
}
