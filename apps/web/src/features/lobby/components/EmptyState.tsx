import { Icon, type IconName } from '../../../shell/Icon.tsx';

/** An honest empty state: an icon and one line. */
export function LobbyEmpty({ text, icon = 'search' }: { text: string; icon?: IconName }) {
  return (
    <div className="lobby-empty" role="status">
      <Icon name={icon} size={28} />
      <p>{text}</p>
    </div>
  );
}
