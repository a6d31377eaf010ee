// A settings form's last row: its submit button and what saving said (a status, or an alert).
export interface SaveMessage {
  ok: boolean;
  text: string;
}

export function SaveRow({ label, message }: { label: string; message: SaveMessage | null }) {
  return (
    <div className="row">
      <button type="submit">{label}</button>
      {message && (
        <span className={message.ok ? 'ok' : 'error'} role={message.ok ? 'status' : 'alert'}>
          {message.text}
        </span>
      )}
    </div>
  );
}
