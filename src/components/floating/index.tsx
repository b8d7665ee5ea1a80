import {
  ComboboxChevron,
  getOptionsLockup,
  getParsedComboboxData,
  InputBase,
  type MenuProps,
  type MenuTargetProps,
  type Primitive,
  type SelectProps,
  type TooltipProps,
} from '@mantine/core';
import {
  type ComponentProps,
  cloneElement,
  createContext,
  type KeyboardEvent,
  type MouseEvent,
  type ReactElement,
  use,
  useEffect,
  useRef,
  useState,
} from 'react';
import { type FloatingParts, keepFocusOf, prefetchFloating, useFloatingKey, useFloatingParts } from './load';

/**
 * Mantine's Menu, Tooltip and Select as the console uses them, loaded at the first interaction
 * (./load.ts). Before that each draws what is on the page anyway (the button, the input) with the
 * same look and accessible name, and remembers a click: the menu or the options open as soon as
 * their code is here. Same props as Mantine's.
 */

type Element = ReactElement<Record<string, unknown> & { onClick?: (event: MouseEvent) => void }>;

/**
 * The parts (once here), the key of what the placeholder draws, and whether it was asked to open
 * before they came (`want` also starts loading them).
 */
function useDeferred() {
  const parts = useFloatingParts();
  const key = useFloatingKey(Boolean(parts));
  const [wanted, setWanted] = useState(false);
  const want = () => {
    setWanted(true);
    prefetchFloating();
  };
  return { parts, key, wanted, want };
}

/** The props a target is given by what wraps it (a menu's target around a tooltip): passed on. */
const isTargetProp = (name: string) => name === 'ref' || name === 'id' || /^(on[A-Z]|aria-|data-)/.test(name);

export function Tooltip({ children, ...props }: TooltipProps) {
  const parts = useFloatingParts();
  const key = useFloatingKey(Boolean(parts));
  if (parts) {
    return <parts.Tooltip {...props}>{cloneElement(children as Element, { 'data-floating': key })}</parts.Tooltip>;
  }
  const passed = Object.fromEntries(Object.entries(props).filter(([name]) => isTargetProp(name)));
  return cloneElement(children as Element, { ...passed, 'data-floating': key });
}

interface MenuPlaceholder {
  key: string;
  open: () => void;
}
/** Set while the menu is a placeholder: its target then opens it once the parts are here. */
const PlaceholderMenu = createContext<MenuPlaceholder | null>(null);
const MenuKey = createContext('');

function MenuRoot(props: MenuProps) {
  const { parts, key, wanted, want } = useDeferred();
  // Opened from outside (a context menu) before the parts came: fetch them, then it opens.
  useEffect(() => {
    if (!parts && props.opened) prefetchFloating();
  }, [parts, props.opened]);
  if (parts) {
    return (
      <MenuKey value={key}>
        <parts.Menu {...props} defaultOpened={props.defaultOpened || wanted} />
      </MenuKey>
    );
  }
  const open = () => {
    want();
    props.onChange?.(true);
    props.onOpen?.();
  };
  return <PlaceholderMenu value={{ key, open }}>{props.children}</PlaceholderMenu>;
}

function MenuTarget({ children, ...props }: MenuTargetProps) {
  const placeholder = use(PlaceholderMenu);
  const key = use(MenuKey);
  const parts = useFloatingParts();
  const child = children as Element;
  if (parts && !placeholder) {
    return <parts.Menu.Target {...props}>{cloneElement(child, { 'data-floating': key })}</parts.Menu.Target>;
  }
  return cloneElement(child, {
    'data-floating': placeholder?.key,
    'aria-haspopup': 'menu',
    'aria-expanded': false,
    onClick: (event: MouseEvent) => {
      child.props.onClick?.(event);
      placeholder?.open();
    },
  });
}

type MenuParts = FloatingParts['Menu'];

/** Drawn only inside an open menu, so only once the parts are here. */
function useOpenMenu(): MenuParts | undefined {
  const parts = useFloatingParts();
  return use(PlaceholderMenu) ? undefined : parts?.Menu;
}
function Dropdown(props: ComponentProps<MenuParts['Dropdown']>) {
  const menu = useOpenMenu();
  return menu ? <menu.Dropdown {...props} /> : null;
}
function Item(props: Record<string, unknown>) {
  const menu = useOpenMenu();
  return menu ? <menu.Item {...props} /> : null;
}
function Label(props: ComponentProps<MenuParts['Label']>) {
  const menu = useOpenMenu();
  return menu ? <menu.Label {...props} /> : null;
}
function Divider(props: ComponentProps<MenuParts['Divider']>) {
  const menu = useOpenMenu();
  return menu ? <menu.Divider {...props} /> : null;
}

export const Menu: typeof MenuRoot & {
  Target: typeof MenuTarget;
  Dropdown: typeof Dropdown;
  Item: MenuParts['Item'];
  Label: typeof Label;
  Divider: typeof Divider;
} = Object.assign(MenuRoot, {
  Target: MenuTarget,
  Dropdown,
  // Polymorphic (`component={Link}`): typed as Mantine's own.
  Item: Item as unknown as MenuParts['Item'],
  Label,
  Divider,
});

const OPEN_KEYS = new Set(['ArrowDown', 'ArrowUp', 'Enter', ' ']);

/**
 * Mantine's Select keeps its closed options in the page (Combobox's `keepMounted`), and Floating UI
 * measures them as they mount (forcing the new screen's styles inside the commit), then each picker
 * renders again at once: the biggest single cost in the long tasks of opening a list, every visit.
 * So a picker is drawn as its placeholder until it is used (focused, clicked, an open key), then
 * as Mantine's with the focus kept, its options open if it was a click or a key.
 */
export function Select<Value extends Primitive = string>(props: SelectProps<Value>) {
  const parts = useFloatingParts();
  // Still the placeholder, used (the real one once its code is here), or used with its options to
  // open on arrival (a click or an open key).
  const [use, setUse] = useState<'unused' | 'used' | 'open'>(
    props.dropdownOpened || props.defaultDropdownOpened ? 'used' : 'unused',
  );
  const real = use !== 'unused' || props.dropdownOpened ? parts : undefined;
  const key = useFloatingKey(Boolean(real));
  if (real) {
    const Real = real.Select<Value>;
    return (
      <Real {...props} data-floating={key} defaultDropdownOpened={props.defaultDropdownOpened || use === 'open'} />
    );
  }
  const start = (open: boolean) => {
    keepFocusOf(key);
    setUse((was) => (open || was === 'open' ? 'open' : 'used'));
    prefetchFloating();
  };
  return <SelectPlaceholder {...(props as unknown as SelectProps<Primitive>)} floatingKey={key} onUse={start} />;
}

/** Mantine's Select input as it is drawn closed (Select.mjs): the input, the chevron, the hidden value. */
function SelectPlaceholder({
  floatingKey,
  onUse,
  data,
  value,
  defaultValue,
  searchValue,
  defaultSearchValue,
  searchable,
  size,
  error,
  chevronColor,
  rightSectionPointerEvents,
  readOnly,
  disabled,
  name,
  form,
  hiddenInputProps,
  // Select's own props, not the input's: nothing to do with them until it is the real one.
  dropdownOpened: _dropdownOpened,
  defaultDropdownOpened: _defaultDropdownOpened,
  onDropdownClose: _onDropdownClose,
  onDropdownOpen: _onDropdownOpen,
  onChange: _onChange,
  selectFirstOptionOnChange: _selectFirstOptionOnChange,
  selectFirstOptionOnDropdownOpen: _selectFirstOptionOnDropdownOpen,
  onOptionSubmit: _onOptionSubmit,
  comboboxProps: _comboboxProps,
  filter: _filter,
  limit: _limit,
  withScrollArea: _withScrollArea,
  maxDropdownHeight: _maxDropdownHeight,
  floatingHeight: _floatingHeight,
  checkIconPosition: _checkIconPosition,
  withCheckIcon: _withCheckIcon,
  withAlignedLabels: _withAlignedLabels,
  nothingFoundMessage: _nothingFoundMessage,
  onSearchChange: _onSearchChange,
  allowDeselect: _allowDeselect,
  clearable: _clearable,
  clearSectionMode: _clearSectionMode,
  clearButtonProps: _clearButtonProps,
  renderOption: _renderOption,
  onClear: _onClear,
  scrollAreaProps: _scrollAreaProps,
  autoSelectOnBlur: _autoSelectOnBlur,
  openOnFocus: _openOnFocus,
  ...input
}: SelectProps<Primitive> & { floatingKey: string; onUse: (open: boolean) => void }) {
  const selected = value !== undefined ? value : (defaultValue ?? null);
  const options = getOptionsLockup(getParsedComboboxData(data));
  const shown = searchValue ?? defaultSearchValue ?? (selected === null ? '' : (options[`${selected}`]?.label ?? ''));
  const usable = !readOnly && !disabled;
  const pressed = useRef(false);
  return (
    <>
      <InputBase
        __defaultRightSection={<ComboboxChevron size={size} error={error} color={chevronColor} />}
        rightSectionPointerEvents={rightSectionPointerEvents ?? 'none'}
        {...input}
        __staticSelector="Select"
        size={size}
        error={error}
        disabled={disabled}
        readOnly
        pointer={!searchable}
        value={shown}
        role="combobox"
        aria-haspopup="listbox"
        aria-expanded={false}
        data-floating={floatingKey}
        onPointerDown={(event) => {
          pressed.current = true;
          input.onPointerDown?.(event);
        }}
        onFocus={(event) => {
          // Focused by a press: the click that follows opens it (swapped now, the click would land
          // on neither). Focused from the keyboard or by code: the real one takes the focus at once.
          if (usable && !pressed.current) onUse(false);
          else prefetchFloating();
          input.onFocus?.(event);
        }}
        onBlur={(event) => {
          pressed.current = false;
          input.onBlur?.(event);
        }}
        onClick={(event) => {
          pressed.current = false;
          if (usable) onUse(true);
          input.onClick?.(event);
        }}
        onKeyDown={(event: KeyboardEvent<HTMLInputElement>) => {
          if (usable && OPEN_KEYS.has(event.key)) {
            event.preventDefault();
            onUse(true);
          }
          input.onKeyDown?.(event);
        }}
      />
      <input
        type="hidden"
        value={selected === null ? '' : `${selected}`}
        name={name}
        form={form}
        disabled={disabled}
        {...hiddenInputProps}
      />
    </>
  );
}
