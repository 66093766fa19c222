<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE">
<context>
    <name>ActionCenter</name>
    <message>
        <source>job %1</source>
        <translation>Job %1</translation>
    </message>
    <message>
        <source>This connection is read-only: nothing can be changed from it. Connect again without “read-only” to act on jobs.</source>
        <translation>Diese Verbindung ist schreibgeschützt: Über sie lässt sich nichts ändern. Verbinden Sie sich erneut ohne „Schreibgeschützt“, um Jobs zu bearbeiten.</translation>
    </message>
    <message>
        <source>Retry %1?

Each failed job goes back into the queue it failed in, waiting, with its retries restored. Jobs that are no longer failed are skipped.</source>
        <translation>%1 erneut versuchen?

Jeder fehlgeschlagene Job kommt wartend in die Warteschlange zurück, in der er fehlschlug, mit wiederhergestellten Versuchen. Jobs, die nicht mehr fehlgeschlagen sind, werden übersprungen.</translation>
    </message>
    <message>
        <source>Retry</source>
        <translation>Erneut versuchen</translation>
    </message>
    <message>
        <source>Move %1 to queue “%2”?

They wait there with their retries restored; a worker holding one loses it.</source>
        <translation>%1 in die Warteschlange „%2“ verschieben?

Sie warten dort mit wiederhergestellten Versuchen; ein Worker, der einen davon hält, verliert ihn.</translation>
    </message>
    <message>
        <source>Move</source>
        <translation>Verschieben</translation>
    </message>
    <message>
        <source>Cancel jobs</source>
        <translation>Jobs abbrechen</translation>
    </message>
    <message>
        <source>Time out %1?

Each running job is taken from its worker (told it lost the lock) and waits first in line in its queue, marked timed out, as qless&apos;s timeout does. Jobs no longer running are skipped.</source>
        <translation>Timeout für %1 auslösen?

Jeder laufende Job wird seinem Worker entzogen (dieser erfährt, dass er die Sperre verloren hat) und wartet als Erster in seiner Warteschlange, als „Timeout“ markiert, wie es qless’ timeout tut. Jobs, die nicht mehr laufen, werden übersprungen.</translation>
    </message>
    <message>
        <source>Time out</source>
        <translation>Timeout auslösen</translation>
    </message>
    <message>
        <source>%1 on %2?</source>
        <translation>%1 für %2?</translation>
    </message>
    <message>
        <source>Apply</source>
        <translation>Anwenden</translation>
    </message>
    <message>
        <source>Job %1 was not cancelled: other jobs depend on it. Cancel those first, or together with it.</source>
        <translation>Job %1 wurde nicht abgebrochen: Andere Jobs hängen von ihm ab. Brechen Sie diese zuerst ab oder zusammen mit ihm.</translation>
    </message>
    <message>
        <source>Show its dependents</source>
        <translation>Abhängige Jobs zeigen</translation>
    </message>
    <message>
        <source>Job %1: %2</source>
        <translation>Job %1: %2</translation>
    </message>
    <message>
        <source>Don’t</source>
        <translation>Nicht ausführen</translation>
    </message>
    <message>
        <source>The audit log could not be written: %1</source>
        <translation>Das Audit-Log konnte nicht geschrieben werden: %1</translation>
    </message>
    <message>
        <source>Move %1 to:</source>
        <translation>%1 verschieben nach:</translation>
    </message>
    <message>
        <source>Set priority</source>
        <translation>Priorität setzen</translation>
    </message>
    <message>
        <source>&amp;Priority for %1 (higher runs first):</source>
        <translation>&amp;Priorität für %1 (höhere läuft zuerst):</translation>
    </message>
    <message>
        <source>Add tags</source>
        <translation>Tags hinzufügen</translation>
    </message>
    <message>
        <source>Remove tags</source>
        <translation>Tags entfernen</translation>
    </message>
    <message>
        <source>&amp;Tags to add to %1 (comma-separated):</source>
        <translation>Hinzuzufügende &amp;Tags für %1 (durch Kommas getrennt):</translation>
    </message>
    <message>
        <source>&amp;Tags to remove from %1 (comma-separated):</source>
        <translation>Zu entfernende &amp;Tags von %1 (durch Kommas getrennt):</translation>
    </message>
    <message>
        <source>No tag was given: nothing changed.</source>
        <translation>Kein Tag angegeben: Nichts wurde geändert.</translation>
    </message>
    <message>
        <source>Retry all</source>
        <translation>Alle erneut versuchen</translation>
    </message>
    <message>
        <source>Retry is for failed jobs. A job listed here as timed out already waits first in line: the next worker to pop its queue takes it.</source>
        <translation>Erneut versuchen gilt für fehlgeschlagene Jobs. Ein hier mit Timeout aufgeführter Job wartet bereits als Erster: Der nächste Worker, der seine Warteschlange abruft, nimmt ihn.</translation>
    </message>
    <message>
        <source>Retry puts failed jobs back into their queue; none is failed here.</source>
        <translation>Erneut versuchen stellt fehlgeschlagene Jobs zurück in ihre Warteschlange; hier ist keiner fehlgeschlagen.</translation>
    </message>
    <message>
        <source>Move all to queue…</source>
        <translation>Alle in Warteschlange verschieben…</translation>
    </message>
    <message>
        <source>Move to queue…</source>
        <translation>In Warteschlange verschieben…</translation>
    </message>
    <message>
        <source>Priority</source>
        <translation>Priorität</translation>
    </message>
    <message>
        <source>High (10)</source>
        <translation>Hoch (10)</translation>
    </message>
    <message>
        <source>Normal (0)</source>
        <translation>Normal (0)</translation>
    </message>
    <message>
        <source>Low (-10)</source>
        <translation>Niedrig (-10)</translation>
    </message>
    <message>
        <source>Set…</source>
        <translation>Setzen…</translation>
    </message>
    <message>
        <source>Track</source>
        <translation>Verfolgen</translation>
    </message>
    <message>
        <source>Untrack</source>
        <translation>Nicht mehr verfolgen</translation>
    </message>
    <message>
        <source>Add tags…</source>
        <translation>Tags hinzufügen…</translation>
    </message>
    <message>
        <source>Remove tags…</source>
        <translation>Tags entfernen…</translation>
    </message>
    <message>
        <source>Time out…</source>
        <translation>Timeout auslösen…</translation>
    </message>
    <message>
        <source>Cancel all…</source>
        <translation>Alle abbrechen…</translation>
    </message>
    <message>
        <source>Cancel…</source>
        <translation>Abbrechen…</translation>
    </message>
    <message>
        <source>Run again in queue…</source>
        <translation>Erneut ausführen in Warteschlange…</translation>
    </message>
    <message>
        <source>Puts the job into a queue as new: it leaves the completed list and waits to run again.</source>
        <translation>Stellt den Job neu in eine Warteschlange: Er verlässt die Liste der abgeschlossenen Jobs und wartet darauf, erneut zu laufen.</translation>
    </message>
    <message>
        <source>Open job %1</source>
        <translation>Job %1 öffnen</translation>
    </message>
    <message>
        <source>Remove a dependency…</source>
        <translation>Abhängigkeit entfernen…</translation>
    </message>
    <message>
        <source>Add note…</source>
        <translation>Notiz hinzufügen…</translation>
    </message>
    <message numerus="yes">
        <source>%Ln selected job(s)</source>
        <translation>
            <numerusform>%Ln ausgewählter Job</numerusform>
            <numerusform>%Ln ausgewählte Jobs</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>All %Ln job(s) of group %1</source>
        <translation>
            <numerusform>Der %Ln Job der Gruppe %1</numerusform>
            <numerusform>Alle %Ln Jobs der Gruppe %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>All %Ln job(s) in this list</source>
        <translation>
            <numerusform>Der %Ln Job dieser Liste</numerusform>
            <numerusform>Alle %Ln Jobs dieser Liste</numerusform>
        </translation>
    </message>
    <message>
        <source>A job that is no longer failed when its turn comes (retried, running again, gone) is not cancelled and is counted apart.</source>
        <translation>Ein Job, der nicht mehr fehlgeschlagen ist, wenn er an der Reihe ist (erneut versucht, wieder in Arbeit, verschwunden), wird nicht abgebrochen und gesondert gezählt.</translation>
    </message>
    <message>
        <source>Each job is checked when its turn comes: one that completed or vanished meanwhile is counted apart, and one a worker started running since it was listed is not cancelled but left to its worker.</source>
        <translation>Jeder Job wird geprüft, wenn er an der Reihe ist: Einer, der inzwischen abgeschlossen wurde oder verschwunden ist, wird gesondert gezählt, und einer, den ein Worker seit der Auflistung gestartet hat, wird nicht abgebrochen, sondern seinem Worker gelassen.</translation>
    </message>
    <message>
        <source>Jobs listed as running are cancelled too: their workers lose them.</source>
        <translation>Als laufend aufgeführte Jobs werden ebenfalls abgebrochen: Ihre Worker verlieren sie.</translation>
    </message>
    <message>
        <source>Cancel %1?

Cancelled jobs are deleted with their data and history. This cannot be undone. %2 Jobs that others depend on are skipped.</source>
        <translation>%1 abbrechen?

Abgebrochene Jobs werden mit ihren Daten und ihrem Verlauf gelöscht. Das lässt sich nicht rückgängig machen. %2 Jobs, von denen andere abhängen, werden übersprungen.</translation>
    </message>
</context>
<context>
    <name>ActivityPage</name>
    <message>
        <source>Writes made from this console</source>
        <translation>Schreibvorgänge aus dieser Konsole</translation>
    </message>
    <message>
        <source>Every write made from this console, newest first: actions, bulk runs and config edits.</source>
        <translation>Jeder Schreibvorgang aus dieser Konsole, neueste zuerst: Aktionen, Sammelaktionen und Konfigurationsänderungen.</translation>
    </message>
    <message>
        <source>Save the whole log as a CSV file (times in UTC) for a spreadsheet or a ticket.</source>
        <translation>Das ganze Log als CSV-Datei speichern (Zeiten in UTC), für eine Tabellenkalkulation oder ein Ticket.</translation>
    </message>
    <message>
        <source>Export failed: %1</source>
        <translation>Export fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>Log file: %1</source>
        <translation>Log-Datei: %1</translation>
    </message>
    <message>
        <source>Nothing written yet: actions and config edits made from this console appear here.</source>
        <translation>Noch nichts geschrieben: Aktionen und Konfigurationsänderungen aus dieser Konsole erscheinen hier.</translation>
    </message>
    <message>
        <source>Activity</source>
        <translation>Aktivität</translation>
    </message>
    <message numerus="yes">
        <source>%Ln damaged line(s) of the log (a crash while writing, or a hand edit) marked in the table; everything else is shown.</source>
        <translation>
            <numerusform>%Ln beschädigte Zeile des Logs (ein Absturz beim Schreiben oder eine Bearbeitung von Hand) ist in der Tabelle markiert; alles andere wird angezeigt.</numerusform>
            <numerusform>%Ln beschädigte Zeilen des Logs (ein Absturz beim Schreiben oder eine Bearbeitung von Hand) sind in der Tabelle markiert; alles andere wird angezeigt.</numerusform>
        </translation>
    </message>
    <message>
        <source>Bulk run %1 is not in this console&apos;s log.</source>
        <translation>Die Sammelaktion %1 steht nicht im Protokoll dieser Konsole.</translation>
    </message>
</context>
<context>
    <name>AlertEvaluator</name>
    <message>
        <source>Queue %1 paused for %2</source>
        <translation>Warteschlange %1 seit %2 pausiert</translation>
    </message>
    <message>
        <source>Queue %1 running at its max-concurrency (%2) for %3</source>
        <translation>Warteschlange %1 läuft seit %3 an ihrer max-concurrency (%2)</translation>
    </message>
    <message>
        <source>Worker %1 not seen for %2</source>
        <translation>Worker %1 seit %2 nicht gesehen</translation>
    </message>
    <message>
        <source>Connection down for %1</source>
        <translation>Verbindung seit %1 unterbrochen</translation>
    </message>
    <message>
        <source>Waiting jobs in queue %1: %2 (above %3)</source>
        <translation>Wartende Jobs in Warteschlange %1: %2 (über %3)</translation>
    </message>
    <message>
        <source>Stalled jobs in queue %1: %2 (above %3)</source>
        <translation>Hängende Jobs in Warteschlange %1: %2 (über %3)</translation>
    </message>
    <message>
        <source>all groups</source>
        <translation>alle Gruppen</translation>
    </message>
    <message>
        <source>group %1</source>
        <translation>Gruppe %1</translation>
    </message>
    <message numerus="yes">
        <source>Failures in %1 grew by %2 in %n minute(s) (more than %3)</source>
        <translation>
            <numerusform>Fehler (%1) in %n Minute um %2 gewachsen (mehr als %3)</numerusform>
            <numerusform>Fehler (%1) in %n Minuten um %2 gewachsen (mehr als %3)</numerusform>
        </translation>
    </message>
    <message>
        <source>%1: no longer listed</source>
        <translation>%1: nicht mehr aufgeführt</translation>
    </message>
    <message>
        <source>A job in queue %1 waiting for %2</source>
        <translation>Ein Job in Warteschlange %1 wartet seit %2</translation>
    </message>
    <message numerus="yes">
        <source>Waiting jobs in queue %1 grew by %2 % in %n minute(s) (more than %3 %)</source>
        <translation>
            <numerusform>Wartende Jobs in Warteschlange %1 in %n Minute um %2 % gewachsen (mehr als %3 %)</numerusform>
            <numerusform>Wartende Jobs in Warteschlange %1 in %n Minuten um %2 % gewachsen (mehr als %3 %)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Jobs completed in %1: %2 a minute over %n minute(s) (under %3)</source>
        <translation>
            <numerusform>Abgeschlossene Jobs (%1): %2 pro Minute über %n Minute (unter %3)</numerusform>
            <numerusform>Abgeschlossene Jobs (%1): %2 pro Minute über %n Minuten (unter %3)</numerusform>
        </translation>
    </message>
    <message>
        <source>all queues</source>
        <translation>alle Warteschlangen</translation>
    </message>
    <message>
        <source>queue %1</source>
        <translation>Warteschlange %1</translation>
    </message>
    <message>
        <source>Pending tasks in Blueque queue %1: %2 (above %3)</source>
        <translation>Ausstehende Tasks in Blueque-Warteschlange %1: %2 (über %3)</translation>
    </message>
    <message>
        <source>A task in Blueque queue %1 started %2 ago</source>
        <translation>Ein Task in Blueque-Warteschlange %1 wurde vor %2 gestartet</translation>
    </message>
    <message>
        <source>all Blueque queues</source>
        <translation>alle Blueque-Warteschlangen</translation>
    </message>
    <message>
        <source>Blueque queue %1</source>
        <translation>Blueque-Warteschlange %1</translation>
    </message>
    <message>
        <source>Jobs in Sidekiq queue %1: %2 (above %3)</source>
        <translation>Jobs in der Sidekiq-Warteschlange %1: %2 (über %3)</translation>
    </message>
    <message>
        <source>Sidekiq process %1 without a beat for %2</source>
        <translation>Sidekiq-Prozess %1 seit %2 ohne Herzschlag</translation>
    </message>
    <message>
        <source>all SideJob queues</source>
        <translation>alle SideJob-Warteschlangen</translation>
    </message>
    <message>
        <source>SideJob queue %1</source>
        <translation>SideJob-Warteschlange %1</translation>
    </message>
    <message>
        <source>Sidekiq process %1 has a beat that is not a time: %2</source>
        <translation>Sidekiq-Prozess %1 hat einen Herzschlag, der keine Zeit ist: %2</translation>
    </message>
    <message>
        <source>Sidekiq process %1 is listed but its heartbeat is gone (it stopped beating over a minute ago)</source>
        <translation>Sidekiq-Prozess %1 ist aufgeführt, aber sein Herzschlag fehlt (er schlägt seit über einer Minute nicht mehr)</translation>
    </message>
</context>
<context>
    <name>AlertHook</name>
    <message numerus="yes">
        <source>The alert command was not run: %n run(s) already waiting.</source>
        <translation>
            <numerusform>Der Alarmbefehl wurde nicht ausgeführt: %n Ausführung wartet bereits.</numerusform>
            <numerusform>Der Alarmbefehl wurde nicht ausgeführt: %n Ausführungen warten bereits.</numerusform>
        </translation>
    </message>
    <message>
        <source>The alert command is empty.</source>
        <translation>Der Alarmbefehl ist leer.</translation>
    </message>
    <message numerus="yes">
        <source>The alert command %1 did not end within %n second(s) and was stopped.</source>
        <translation>
            <numerusform>Der Alarmbefehl %1 endete nicht innerhalb von %n Sekunde und wurde beendet.</numerusform>
            <numerusform>Der Alarmbefehl %1 endete nicht innerhalb von %n Sekunden und wurde beendet.</numerusform>
        </translation>
    </message>
    <message>
        <source>The alert command %1 could not start: %2</source>
        <translation>Der Alarmbefehl %1 konnte nicht starten: %2</translation>
    </message>
    <message>
        <source>The alert command %1 crashed.</source>
        <translation>Der Alarmbefehl %1 ist abgestürzt.</translation>
    </message>
    <message>
        <source>The alert command %1 exited with %2.</source>
        <translation>Der Alarmbefehl %1 endete mit %2.</translation>
    </message>
</context>
<context>
    <name>AlertLogModel</name>
    <message>
        <source>On, acknowledged</source>
        <translation>Aktiv, bestätigt</translation>
    </message>
    <message>
        <source>On</source>
        <translation>Aktiv</translation>
    </message>
    <message>
        <source>Cleared</source>
        <translation>Aufgehoben</translation>
    </message>
    <message>
        <source>Ended</source>
        <translation>Beendet</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Zustand</translation>
    </message>
    <message>
        <source>Fired</source>
        <translation>Ausgelöst</translation>
    </message>
    <message>
        <source>Alert</source>
        <translation>Alarm</translation>
    </message>
    <message>
        <source>the rule changed</source>
        <translation>die Regel wurde geändert</translation>
    </message>
    <message>
        <source>acknowledged, no longer listed</source>
        <translation>bestätigt, nicht mehr aufgeführt</translation>
    </message>
</context>
<context>
    <name>AlertRule</name>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>any queue</source>
        <translation>jede Warteschlange</translation>
    </message>
    <message>
        <source>queue %1</source>
        <translation>Warteschlange %1</translation>
    </message>
    <message>
        <source>Waiting jobs in %1 above %2</source>
        <translation>Wartende Jobs (%1) über %2</translation>
    </message>
    <message>
        <source>Stalled jobs in %1 above %2</source>
        <translation>Hängende Jobs (%1) über %2</translation>
    </message>
    <message numerus="yes">
        <source>Failures in %1 grown by more than %2 in %n minute(s)</source>
        <translation>
            <numerusform>Fehler (%1) in %n Minute um mehr als %2 gewachsen</numerusform>
            <numerusform>Fehler (%1) in %n Minuten um mehr als %2 gewachsen</numerusform>
        </translation>
    </message>
    <message>
        <source>all groups</source>
        <translation>alle Gruppen</translation>
    </message>
    <message>
        <source>group %1</source>
        <translation>Gruppe %1</translation>
    </message>
    <message>
        <source>%1 running at its max-concurrency for longer than %2</source>
        <translation>Länger als %2 an der max-concurrency (%1)</translation>
    </message>
    <message>
        <source>%1 not seen for longer than %2</source>
        <translation>Länger als %2 nicht gesehen (%1)</translation>
    </message>
    <message>
        <source>Any worker</source>
        <translation>jeder Worker</translation>
    </message>
    <message>
        <source>Worker %1</source>
        <translation>Worker %1</translation>
    </message>
    <message>
        <source>Connection down for longer than %1</source>
        <translation>Verbindung länger als %1 unterbrochen</translation>
    </message>
    <message>
        <source>%1 paused for longer than %2</source>
        <translation>Länger als %2 pausiert (%1)</translation>
    </message>
    <message>
        <source>The rule has no id.</source>
        <translation>Die Regel hat keine ID.</translation>
    </message>
    <message>
        <source>The threshold must be a number of 0 or more.</source>
        <translation>Der Schwellenwert muss eine Zahl ab 0 sein.</translation>
    </message>
    <message>
        <source>The threshold is a count of jobs: a whole number.</source>
        <translation>Der Schwellenwert ist eine Anzahl Jobs: eine ganze Zahl.</translation>
    </message>
    <message numerus="yes">
        <source>The window must be from 1 to %Ln minute(s).</source>
        <translation>
            <numerusform>Das Zeitfenster muss 1 bis %Ln Minute lang sein.</numerusform>
            <numerusform>Das Zeitfenster muss 1 bis %Ln Minuten lang sein.</numerusform>
        </translation>
    </message>
    <message>
        <source>A connection rule names no queue, group or worker.</source>
        <translation>Eine Verbindungsregel nennt weder Warteschlange noch Gruppe noch Worker.</translation>
    </message>
    <message>
        <source>A rule needs an &quot;id&quot; (text).</source>
        <translation>Eine Regel braucht eine „id“ (Text).</translation>
    </message>
    <message>
        <source>Rule %1: unknown &quot;kind&quot; %2.</source>
        <translation>Regel %1: unbekannter Wert %2 für „kind“.</translation>
    </message>
    <message>
        <source>Rule %1: &quot;threshold&quot; must be a number.</source>
        <translation>Regel %1: „threshold“ muss eine Zahl sein.</translation>
    </message>
    <message>
        <source>Rule %1: &quot;scope&quot; must be text.</source>
        <translation>Regel %1: „scope“ muss Text sein.</translation>
    </message>
    <message>
        <source>Rule %1: &quot;window_minutes&quot; must be a number.</source>
        <translation>Regel %1: „window_minutes“ muss eine Zahl sein.</translation>
    </message>
    <message>
        <source>Rule %1: &quot;enabled&quot; must be true or false.</source>
        <translation>Regel %1: „enabled“ muss true oder false sein.</translation>
    </message>
    <message>
        <source>Rule %1: %2</source>
        <translation>Regel %1: %2</translation>
    </message>
    <message>
        <source>No &quot;rules&quot; list in the file.</source>
        <translation>Die Datei enthält keine Liste „rules“.</translation>
    </message>
    <message>
        <source>Entry %1 of &quot;rules&quot; is not an object.</source>
        <translation>Eintrag %1 von „rules“ ist kein Objekt.</translation>
    </message>
    <message>
        <source>Two rules have the id %1.</source>
        <translation>Zwei Regeln haben die ID %1.</translation>
    </message>
    <message>
        <source>A job waiting in %1 for longer than %2</source>
        <translation>Ein Job wartet länger als %2 (%1)</translation>
    </message>
    <message numerus="yes">
        <source>Waiting jobs in %1 grown by more than %2 % in %n minute(s)</source>
        <translation>
            <numerusform>Wartende Jobs in %1 in %n Minute um mehr als %2 % gewachsen</numerusform>
            <numerusform>Wartende Jobs in %1 in %n Minuten um mehr als %2 % gewachsen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Jobs completed in %1 under %2 a minute over %n minute(s)</source>
        <translation>
            <numerusform>Abgeschlossene Jobs (%1) unter %2 pro Minute über %n Minute</numerusform>
            <numerusform>Abgeschlossene Jobs (%1) unter %2 pro Minute über %n Minuten</numerusform>
        </translation>
    </message>
    <message>
        <source>all queues</source>
        <translation>alle Warteschlangen</translation>
    </message>
    <message>
        <source>Pending Blueque tasks in %1 above %2</source>
        <translation>Ausstehende Blueque-Tasks in %1 über %2</translation>
    </message>
    <message>
        <source>any Blueque queue</source>
        <translation>jede Blueque-Warteschlange</translation>
    </message>
    <message>
        <source>Blueque queue %1</source>
        <translation>Blueque-Warteschlange %1</translation>
    </message>
    <message numerus="yes">
        <source>Failed Blueque tasks in %1 grown by more than %2 in %n minute(s)</source>
        <translation>
            <numerusform>Fehlgeschlagene Blueque-Tasks in %1 in %n Minute um mehr als %2 gewachsen</numerusform>
            <numerusform>Fehlgeschlagene Blueque-Tasks in %1 in %n Minuten um mehr als %2 gewachsen</numerusform>
        </translation>
    </message>
    <message>
        <source>all Blueque queues</source>
        <translation>alle Blueque-Warteschlangen</translation>
    </message>
    <message>
        <source>A Blueque task started in %1 longer ago than %2</source>
        <translation>Ein Blueque-Task in %1 vor mehr als %2 gestartet</translation>
    </message>
    <message numerus="yes">
        <source>Failed SideJob jobs in %1 grown by more than %2 in %n minute(s)</source>
        <translation>
            <numerusform>Fehlgeschlagene SideJob-Jobs in %1 in %n Minute um mehr als %2 gewachsen</numerusform>
            <numerusform>Fehlgeschlagene SideJob-Jobs in %1 in %n Minuten um mehr als %2 gewachsen</numerusform>
        </translation>
    </message>
    <message>
        <source>all SideJob queues</source>
        <translation>alle SideJob-Warteschlangen</translation>
    </message>
    <message>
        <source>SideJob queue %1</source>
        <translation>SideJob-Warteschlange %1</translation>
    </message>
    <message>
        <source>Jobs in %1 above %2</source>
        <translation>Jobs in %1 über %2</translation>
    </message>
    <message>
        <source>any Sidekiq queue</source>
        <translation>einer beliebigen Sidekiq-Warteschlange</translation>
    </message>
    <message>
        <source>Sidekiq queue %1</source>
        <translation>der Sidekiq-Warteschlange %1</translation>
    </message>
    <message>
        <source>%1 without a beat for longer than %2</source>
        <translation>%1 länger als %2 ohne Herzschlag</translation>
    </message>
    <message>
        <source>Any Sidekiq process</source>
        <translation>Ein beliebiger Sidekiq-Prozess</translation>
    </message>
    <message>
        <source>Sidekiq process %1</source>
        <translation>Sidekiq-Prozess %1</translation>
    </message>
</context>
<context>
    <name>AlertRuleForm</name>
    <message>
        <source>&amp;Within:</source>
        <translation>Innerhalb &amp;von:</translation>
    </message>
    <message>
        <source>&amp;On: checked after every refresh</source>
        <translation>&amp;Aktiv: nach jeder Aktualisierung geprüft</translation>
    </message>
    <message>
        <source>What the rule watches</source>
        <translation>Was die Regel überwacht</translation>
    </message>
    <message>
        <source>Where the rule looks</source>
        <translation>Wo die Regel nachsieht</translation>
    </message>
    <message>
        <source>Threshold</source>
        <translation>Schwellenwert</translation>
    </message>
    <message>
        <source> min</source>
        <translation> min</translation>
    </message>
    <message>
        <source>Window in minutes</source>
        <translation>Zeitfenster in Minuten</translation>
    </message>
    <message>
        <source>Rule on</source>
        <translation>Regel aktiv</translation>
    </message>
    <message>
        <source>&amp;Watch:</source>
        <translation>Über&amp;wachen:</translation>
    </message>
    <message>
        <source>Waiting jobs above a count</source>
        <translation>Wartende Jobs über einer Anzahl</translation>
    </message>
    <message>
        <source>Stalled jobs above a count</source>
        <translation>Hängende Jobs über einer Anzahl</translation>
    </message>
    <message>
        <source>Failures grown by more than a count</source>
        <translation>Fehler um mehr als eine Anzahl gewachsen</translation>
    </message>
    <message>
        <source>Running at max-concurrency for too long</source>
        <translation>Zu lange an der max-concurrency</translation>
    </message>
    <message>
        <source>A worker not seen for too long</source>
        <translation>Ein Worker zu lange nicht gesehen</translation>
    </message>
    <message>
        <source>The connection down for too long</source>
        <translation>Die Verbindung zu lange unterbrochen</translation>
    </message>
    <message>
        <source>A queue paused for too long</source>
        <translation>Eine Warteschlange zu lange pausiert</translation>
    </message>
    <message>
        <source>&amp;Queue:</source>
        <translation>Warte&amp;schlange:</translation>
    </message>
    <message>
        <source>every queue</source>
        <translation>jede Warteschlange</translation>
    </message>
    <message>
        <source>&amp;Group:</source>
        <translation>&amp;Gruppe:</translation>
    </message>
    <message>
        <source>all failure groups together</source>
        <translation>alle Fehlergruppen zusammen</translation>
    </message>
    <message>
        <source>Wor&amp;ker:</source>
        <translation>Wor&amp;ker:</translation>
    </message>
    <message>
        <source>every worker</source>
        <translation>jeder Worker</translation>
    </message>
    <message>
        <source>&amp;For longer than:</source>
        <translation>&amp;Länger als:</translation>
    </message>
    <message>
        <source> s</source>
        <translation> s</translation>
    </message>
    <message>
        <source>&amp;More than:</source>
        <translation>&amp;Mehr als:</translation>
    </message>
    <message>
        <source>&amp;Above:</source>
        <translation>&amp;Über:</translation>
    </message>
    <message numerus="yes">
        <source> job(s)</source>
        <translation>
            <numerusform> Job</numerusform>
            <numerusform> Jobs</numerusform>
        </translation>
    </message>
    <message>
        <source>A job waiting for too long</source>
        <translation>Ein Job wartet zu lange</translation>
    </message>
    <message>
        <source>Waiting jobs grown by more than a percentage (history)</source>
        <translation>Wartende Jobs um mehr als einen Prozentsatz gewachsen (Verlauf)</translation>
    </message>
    <message>
        <source>Jobs completed a minute under a floor (history)</source>
        <translation>Abgeschlossene Jobs pro Minute unter einer Untergrenze (Verlauf)</translation>
    </message>
    <message>
        <source>all queues together</source>
        <translation>alle Warteschlangen zusammen</translation>
    </message>
    <message>
        <source>&amp;Under:</source>
        <translation>&amp;Unter:</translation>
    </message>
    <message>
        <source> %</source>
        <translation> %</translation>
    </message>
    <message numerus="yes">
        <source> job(s) a minute</source>
        <translation>
            <numerusform> Job pro Minute</numerusform>
            <numerusform> Jobs pro Minute</numerusform>
        </translation>
    </message>
    <message>
        <source>Blueque: pending tasks above a count</source>
        <translation>Blueque: ausstehende Tasks über einer Anzahl</translation>
    </message>
    <message>
        <source>Blueque: failed tasks grown by more than a count</source>
        <translation>Blueque: fehlgeschlagene Tasks um mehr als eine Anzahl gewachsen</translation>
    </message>
    <message>
        <source>Blueque: a task started too long ago</source>
        <translation>Blueque: ein Task vor zu langer Zeit gestartet</translation>
    </message>
    <message>
        <source>all Blueque queues together</source>
        <translation>alle Blueque-Warteschlangen zusammen</translation>
    </message>
    <message>
        <source>every Blueque queue</source>
        <translation>jede Blueque-Warteschlange</translation>
    </message>
    <message numerus="yes">
        <source> task(s)</source>
        <translation>
            <numerusform> Task</numerusform>
            <numerusform> Tasks</numerusform>
        </translation>
    </message>
    <message>
        <source>SideJob: failed jobs grown by more than a count</source>
        <translation>SideJob: fehlgeschlagene Jobs um mehr als eine Anzahl gewachsen</translation>
    </message>
    <message>
        <source>SideJob: a Sidekiq queue above a count</source>
        <translation>SideJob: eine Sidekiq-Warteschlange über einer Anzahl</translation>
    </message>
    <message>
        <source>SideJob: a Sidekiq process without a beat for too long</source>
        <translation>SideJob: ein Sidekiq-Prozess zu lange ohne Herzschlag</translation>
    </message>
    <message>
        <source>all SideJob queues together</source>
        <translation>alle SideJob-Warteschlangen zusammen</translation>
    </message>
    <message>
        <source>every Sidekiq queue</source>
        <translation>jede Sidekiq-Warteschlange</translation>
    </message>
    <message>
        <source>every Sidekiq process</source>
        <translation>jeder Sidekiq-Prozess</translation>
    </message>
</context>
<context>
    <name>AlertRuleStore</name>
    <message>
        <source>The alert rules kept for %1 are not JSON: %2</source>
        <translation>Die für %1 gespeicherten Alarmregeln sind kein JSON: %2</translation>
    </message>
    <message>
        <source>The alert rules kept for %1 cannot be used: %2</source>
        <translation>Die für %1 gespeicherten Alarmregeln sind nicht verwendbar: %2</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>%1 kann nicht geschrieben werden: %2</translation>
    </message>
    <message>
        <source>Cannot import %1: %2</source>
        <translation>%1 kann nicht importiert werden: %2</translation>
    </message>
    <message>
        <source>the file is larger than a rules file can be.</source>
        <translation>die Datei ist größer, als eine Regeldatei sein kann.</translation>
    </message>
    <message>
        <source>not a JSON object (%1).</source>
        <translation>kein JSON-Objekt (%1).</translation>
    </message>
</context>
<context>
    <name>AlertRulesDialog</name>
    <message>
        <source>&amp;Add</source>
        <translation>&amp;Hinzufügen</translation>
    </message>
    <message>
        <source>&amp;Remove</source>
        <translation>&amp;Entfernen</translation>
    </message>
    <message>
        <source>&amp;Import…</source>
        <translation>&amp;Importieren…</translation>
    </message>
    <message>
        <source>&amp;Export…</source>
        <translation>E&amp;xportieren…</translation>
    </message>
    <message>
        <source>Alert rules</source>
        <translation>Alarmregeln</translation>
    </message>
    <message>
        <source>Alert command</source>
        <translation>Alarmbefehl</translation>
    </message>
    <message>
        <source>none (for example: notify-chat --channel ops)</source>
        <translation>keiner (zum Beispiel: notify-chat --channel ops)</translation>
    </message>
    <message>
        <source>Run for every alert that fires or clears, with the alert as JSON on its standard input. No shell runs it: write sh -c &quot;…&quot; to have one.</source>
        <translation>Wird für jeden Alarm ausgeführt, der ausgelöst oder aufgehoben wird, mit dem Alarm als JSON auf der Standardeingabe. Keine Shell führt ihn aus: Schreiben Sie sh -c &quot;…&quot;, um eine zu haben.</translation>
    </message>
    <message>
        <source>Add a rule</source>
        <translation>Eine Regel hinzufügen</translation>
    </message>
    <message>
        <source>Remove the selected rule</source>
        <translation>Die gewählte Regel entfernen</translation>
    </message>
    <message>
        <source>Import rules from a file</source>
        <translation>Regeln aus einer Datei importieren</translation>
    </message>
    <message>
        <source>Replaces the rules listed here with a file&apos;s (Cancel keeps the old ones).</source>
        <translation>Ersetzt die hier aufgeführten Regeln durch die einer Datei (Abbrechen behält die alten).</translation>
    </message>
    <message>
        <source>Export the rules to a file</source>
        <translation>Die Regeln in eine Datei exportieren</translation>
    </message>
    <message>
        <source>Selected rule</source>
        <translation>Gewählte Regel</translation>
    </message>
    <message>
        <source>Co&amp;mmand for each alert:</source>
        <translation>&amp;Befehl für jeden Alarm:</translation>
    </message>
    <message>
        <source>Import alert rules</source>
        <translation>Alarmregeln importieren</translation>
    </message>
    <message>
        <source>Alert rules (*.json);;All files (*)</source>
        <translation>Alarmregeln (*.json);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Export alert rules</source>
        <translation>Alarmregeln exportieren</translation>
    </message>
    <message>
        <source>Nothing imported: %1</source>
        <translation>Nichts importiert: %1</translation>
    </message>
    <message>
        <source>Not exported: %1</source>
        <translation>Nicht exportiert: %1</translation>
    </message>
    <message>
        <source>Rule %1: %2</source>
        <translation>Regel %1: %2</translation>
    </message>
</context>
<context>
    <name>AlertTray</name>
    <message>
        <source>&amp;Keep running in the tray when closed</source>
        <translation>Beim Schließen im Infobereich &amp;weiterlaufen</translation>
    </message>
    <message>
        <source>Closing the window leaves qlessdesk refreshing and alerting in the system tray.</source>
        <translation>Nach dem Schließen des Fensters aktualisiert und alarmiert qlessdesk weiter im Infobereich.</translation>
    </message>
    <message>
        <source>This desktop has no system tray.</source>
        <translation>Dieser Desktop hat keinen Infobereich.</translation>
    </message>
    <message>
        <source>&amp;Show qlessdesk</source>
        <translation>qlessdesk an&amp;zeigen</translation>
    </message>
    <message>
        <source>Show &amp;alerts</source>
        <translation>&amp;Alarme anzeigen</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Beenden</translation>
    </message>
    <message>
        <source>qlessdesk alert on %1</source>
        <translation>qlessdesk-Alarm auf %1</translation>
    </message>
    <message numerus="yes">
        <source>%n qlessdesk alert(s) on %1</source>
        <translation>
            <numerusform>%n qlessdesk-Alarm auf %1</numerusform>
            <numerusform>%n qlessdesk-Alarme auf %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>and %n more</source>
        <translation>
            <numerusform>und %n weiterer</numerusform>
            <numerusform>und %n weitere</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>qlessdesk: %n alert(s) on</source>
        <translation>
            <numerusform>qlessdesk: %n Alarm aktiv</numerusform>
            <numerusform>qlessdesk: %n Alarme aktiv</numerusform>
        </translation>
    </message>
    <message>
        <source>qlessdesk</source>
        <translation>qlessdesk</translation>
    </message>
    <message numerus="yes">
        <source>qlessdesk, %1: %n alert(s) on</source>
        <translation>
            <numerusform>qlessdesk, %1: %n Alarm aktiv</numerusform>
            <numerusform>qlessdesk, %1: %n Alarme aktiv</numerusform>
        </translation>
    </message>
    <message>
        <source>qlessdesk, %1</source>
        <translation>qlessdesk, %1</translation>
    </message>
</context>
<context>
    <name>AlertsPage</name>
    <message>
        <source>&amp;Only alerts still on</source>
        <translation>&amp;Nur noch aktive Alarme</translation>
    </message>
    <message>
        <source>A&amp;cknowledge</source>
        <translation>&amp;Bestätigen</translation>
    </message>
    <message>
        <source>Acknowledge &amp;all</source>
        <translation>A&amp;lle bestätigen</translation>
    </message>
    <message>
        <source>Clear &amp;history</source>
        <translation>&amp;Verlauf leeren</translation>
    </message>
    <message>
        <source>&amp;Rules…</source>
        <translation>&amp;Regeln…</translation>
    </message>
    <message>
        <source>Alerts</source>
        <translation>Alarme</translation>
    </message>
    <message>
        <source>Show only alerts still on</source>
        <translation>Nur noch aktive Alarme zeigen</translation>
    </message>
    <message>
        <source>Acknowledge the selected alerts</source>
        <translation>Die gewählten Alarme bestätigen</translation>
    </message>
    <message>
        <source>Acknowledge every alert</source>
        <translation>Jeden Alarm bestätigen</translation>
    </message>
    <message>
        <source>Clear the history</source>
        <translation>Den Verlauf leeren</translation>
    </message>
    <message>
        <source>Forget the alerts that have cleared; those still on stay.</source>
        <translation>Die aufgehobenen Alarme vergessen; die noch aktiven bleiben.</translation>
    </message>
    <message>
        <source>Edit the alert rules</source>
        <translation>Die Alarmregeln bearbeiten</translation>
    </message>
    <message>
        <source>What to watch on this server, when to alert, and a command to run for each alert.</source>
        <translation>Was auf diesem Server überwacht wird, wann alarmiert wird, und ein Befehl für jeden Alarm.</translation>
    </message>
    <message>
        <source>Alerts are checked after every refresh against this server&apos;s rules. Each also shows as a desktop notification and can run a command.</source>
        <translation>Alarme werden nach jeder Aktualisierung anhand der Regeln dieses Servers geprüft. Jeder erscheint auch als Desktop-Benachrichtigung und kann einen Befehl ausführen.</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>The rules kept for this server could not be read (%1): none is checked until they are saved again.</source>
        <translation>Die für diesen Server gespeicherten Regeln konnten nicht gelesen werden (%1): Keine wird geprüft, bis sie erneut gespeichert sind.</translation>
    </message>
    <message>
        <source>No alert rules for this server yet: add some with Rules….</source>
        <translation>Noch keine Alarmregeln für diesen Server: Fügen Sie welche mit „Regeln…“ hinzu.</translation>
    </message>
    <message numerus="yes">
        <source>All clear: %n rule(s) checked after every refresh.</source>
        <translation>
            <numerusform>Alles ruhig: %n Regel wird nach jeder Aktualisierung geprüft.</numerusform>
            <numerusform>Alles ruhig: %n Regeln werden nach jeder Aktualisierung geprüft.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n alert(s) on, </source>
        <translation>
            <numerusform>%n Alarm aktiv, </numerusform>
            <numerusform>%n Alarme aktiv, </numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n not acknowledged.</source>
        <translation>
            <numerusform>%n nicht bestätigt.</numerusform>
            <numerusform>%n nicht bestätigt.</numerusform>
        </translation>
    </message>
    <message>
        <source>Mark the selected alerts as seen: they leave the badge on the page list. An alert whose subject is no longer listed ends; one on a worker also ends once qless drops the worker.</source>
        <translation>Die gewählten Alarme als gesehen markieren: Sie zählen nicht mehr in der Markierung der Seitenliste. Ein Alarm, dessen Gegenstand nicht mehr aufgeführt ist, endet; einer zu einem Worker endet auch, sobald qless den Worker entfernt.</translation>
    </message>
</context>
<context>
    <name>AllServersWindow</name>
    <message>
        <source>&amp;Open another server…</source>
        <translation>Weiteren Server &amp;öffnen…</translation>
    </message>
    <message>
        <source>&amp;Show its window</source>
        <translation>Sein Fenster &amp;zeigen</translation>
    </message>
    <message>
        <source>All servers — qlessdesk</source>
        <translation>Alle Server — qlessdesk</translation>
    </message>
    <message>
        <source>Servers</source>
        <translation>Server</translation>
    </message>
    <message>
        <source>Every open server with its connection, alerts on and totals</source>
        <translation>Jeder offene Server mit Verbindung, aktiven Alarmen und Summen</translation>
    </message>
    <message>
        <source>Every server open in qlessdesk, each read on its own connection and thread: a slow or unreachable server holds up only its own row.</source>
        <translation>Jeder in qlessdesk offene Server, jeder über eine eigene Verbindung und einen eigenen Thread gelesen: Ein langsamer oder unerreichbarer Server hält nur seine eigene Zeile auf.</translation>
    </message>
    <message>
        <source>Open another server</source>
        <translation>Weiteren Server öffnen</translation>
    </message>
    <message>
        <source>Connect to one more server, in a window of its own (Ctrl+Shift+O)</source>
        <translation>Mit einem weiteren Server verbinden, in einem eigenen Fenster (Strg+Umschalt+O)</translation>
    </message>
    <message>
        <source>Show the chosen server&apos;s window</source>
        <translation>Das Fenster des gewählten Servers zeigen</translation>
    </message>
    <message>
        <source>No server is open.</source>
        <translation>Kein Server ist offen.</translation>
    </message>
    <message numerus="yes">
        <source>%n server(s)</source>
        <translation>
            <numerusform>%n Server</numerusform>
            <numerusform>%n Server</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n not answering</source>
        <translation>
            <numerusform>%n antwortet nicht</numerusform>
            <numerusform>%n antworten nicht</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 waiting</source>
        <translation>%1 wartend</translation>
    </message>
    <message>
        <source>%1 running</source>
        <translation>%1 laufend</translation>
    </message>
    <message>
        <source>%1 stalled</source>
        <translation>%1 hängend</translation>
    </message>
    <message>
        <source>%1 failed</source>
        <translation>%1 fehlgeschlagen</translation>
    </message>
    <message numerus="yes">
        <source>%n alert(s) on</source>
        <translation>
            <numerusform>%n Alarm aktiv</numerusform>
            <numerusform>%n Alarme aktiv</numerusform>
        </translation>
    </message>
    <message>
        <source>In all: %1</source>
        <translation>Insgesamt: %1</translation>
    </message>
    <message numerus="yes">
        <source>%Ln worker(s)</source>
        <translation>
            <numerusform>%Ln Worker</numerusform>
            <numerusform>%Ln Worker</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>AppTheme</name>
    <message>
        <source>&amp;Dark palette</source>
        <translation>&amp;Dunkle Palette</translation>
    </message>
    <message>
        <source>Fusion with a dark palette, whatever the desktop&apos;s theme</source>
        <translation>Fusion mit dunkler Palette, unabhängig vom Design des Desktops</translation>
    </message>
</context>
<context>
    <name>AuditLog</name>
    <message>
        <source>Could not create the folder %1 for the audit log.</source>
        <translation>Der Ordner %1 für das Audit-Log konnte nicht angelegt werden.</translation>
    </message>
    <message>
        <source>Could not open the audit log %1: %2</source>
        <translation>Das Audit-Log %1 konnte nicht geöffnet werden: %2</translation>
    </message>
    <message>
        <source>Could not write to the audit log %1: %2</source>
        <translation>In das Audit-Log %1 konnte nicht geschrieben werden: %2</translation>
    </message>
    <message>
        <source>Could not read the audit log %1: %2</source>
        <translation>Das Audit-Log %1 konnte nicht gelesen werden: %2</translation>
    </message>
    <message>
        <source>Could not write %1: %2</source>
        <translation>%1 konnte nicht geschrieben werden: %2</translation>
    </message>
</context>
<context>
    <name>AuditLogForwardReader</name>
    <message>
        <source>The audit log cannot be read: %1</source>
        <translation>Das Audit-Log kann nicht gelesen werden: %1</translation>
    </message>
    <message>
        <source>%1 is a folder</source>
        <translation>%1 ist ein Ordner</translation>
    </message>
</context>
<context>
    <name>AuditLogModel</name>
    <message>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <source>Done</source>
        <translation>Erledigt</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>Fehlgeschlagen</translation>
    </message>
    <message>
        <source>Partial</source>
        <translation>Teilweise</translation>
    </message>
    <message>
        <source>Cancelled</source>
        <translation>Abgebrochen</translation>
    </message>
    <message>
        <source>Started</source>
        <translation>Gestartet</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>Zeit</translation>
    </message>
    <message>
        <source>Server</source>
        <translation>Server</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>Aktion</translation>
    </message>
    <message>
        <source>Details</source>
        <translation>Details</translation>
    </message>
    <message>
        <source>Jobs</source>
        <translation>Jobs</translation>
    </message>
    <message>
        <source>Outcome</source>
        <translation>Ergebnis</translation>
    </message>
    <message>
        <source>damaged line</source>
        <translation>beschädigte Zeile</translation>
    </message>
    <message>
        <source>Not a record</source>
        <translation>Kein Eintrag</translation>
    </message>
    <message>
        <source>This line of the log is not a record (a crash while writing, or a hand edit); it starts at byte %1 of the file.</source>
        <translation>Diese Zeile des Logs ist kein Eintrag (ein Absturz beim Schreiben oder eine Bearbeitung von Hand); sie beginnt bei Byte %1 der Datei.</translation>
    </message>
</context>
<context>
    <name>AuditLogScanner</name>
    <message>
        <source>The audit log cannot be read: %1 is a folder.</source>
        <translation>Das Audit-Log kann nicht gelesen werden: %1 ist ein Ordner.</translation>
    </message>
    <message>
        <source>The audit log cannot be read: %1</source>
        <translation>Das Audit-Log kann nicht gelesen werden: %1</translation>
    </message>
</context>
<context>
    <name>BluequeAction</name>
    <message>
        <source>%1 task %2 of %3</source>
        <translation>%1 Task %2 von %3</translation>
    </message>
    <message numerus="yes">
        <source>%n selected %1 task(s) of %2</source>
        <translation>
            <numerusform>%n ausgewählter Task (%1) von %2</numerusform>
            <numerusform>%n ausgewählte Tasks (%1) von %2</numerusform>
        </translation>
    </message>
    <message>
        <source>Requeue %1</source>
        <translation>%1 erneut einreihen</translation>
    </message>
    <message>
        <source>Delete %1</source>
        <translation>%1 löschen</translation>
    </message>
    <message>
        <source>Cancel %1</source>
        <translation>%1 abbrechen</translation>
    </message>
    <message>
        <source>Run now %1</source>
        <translation>%1 jetzt ausführen</translation>
    </message>
    <message numerus="yes">
        <source>all %Ln %1 task(s) of %2</source>
        <translation>
            <numerusform>%Ln Task (%1) von %2</numerusform>
            <numerusform>alle %Ln Tasks (%1) von %2</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>BluequeActions</name>
    <message>
        <source>Blueque cannot stop a reserved or started task: its listener runs it to the end, and the library has no cancel. Deleting it would make the listener write back half a task. Wait until it completes or fails; then it can be deleted or requeued.</source>
        <translation>Blueque kann einen reservierten oder gestarteten Task nicht anhalten: sein Listener führt ihn zu Ende, und die Bibliothek kennt keinen Abbruch. Ihn zu löschen ließe den Listener einen halben Task zurückschreiben. Warten Sie, bis er fertig oder fehlgeschlagen ist; dann kann er gelöscht oder erneut eingereiht werden.</translation>
    </message>
    <message>
        <source>Requeue %1?

Each failed task goes to the head of %2 as a fresh enqueue leaves it: status pending, its error, result, node and pid removed (the error text is then gone from the task). A task no longer failed when its turn comes is skipped.</source>
        <translation>%1 erneut einreihen?

Jeder fehlgeschlagene Task kommt an den Anfang von %2, so wie ein frisches Enqueue ihn hinterlässt: Status pending, Fehler, Ergebnis, Node und PID entfernt (der Fehlertext ist danach nicht mehr am Task). Ein Task, der nicht mehr fehlgeschlagen ist, wenn er an der Reihe ist, wird übersprungen.</translation>
    </message>
    <message>
        <source>The list is done oldest first, in steps of at most 500 tasks; tasks that fail while it runs are left in the failed list for you to see.</source>
        <translation>Die Liste wird vom ältesten Eintrag an abgearbeitet, in Schritten von höchstens 500 Tasks; Tasks, die währenddessen fehlschlagen, bleiben zur Ansicht in der Fehlerliste.</translation>
    </message>
    <message>
        <source>Delete %1?

Each task&apos;s hash (blueque_task_&lt;id&gt;) and its entry in %2 are deleted, as Blueque&apos;s own delete_task does. This cannot be undone. A task no longer %3 when its turn comes is skipped.</source>
        <translation>%1 löschen?

Der Hash jedes Tasks (blueque_task_&lt;id&gt;) und sein Eintrag in %2 werden gelöscht, wie es Blueques eigenes delete_task tut. Das lässt sich nicht rückgängig machen. Ein Task, der nicht mehr %3 ist, wenn er an der Reihe ist, wird übersprungen.</translation>
    </message>
    <message>
        <source>The list is done oldest first, in steps of at most 500 tasks; tasks added while it runs are kept.</source>
        <translation>Die Liste wird vom ältesten Eintrag an abgearbeitet, in Schritten von höchstens 500 Tasks; währenddessen hinzugekommene Tasks bleiben erhalten.</translation>
    </message>
    <message>
        <source>Cancel %1?

Blueque has no cancelled state: the console deletes the task, its hash (blueque_task_&lt;id&gt;) and its entry in %2, in one step and only while it is still pending. A task a listener has taken meanwhile is left to run (Blueque cannot stop it) and counted apart. This cannot be undone.</source>
        <translation>%1 abbrechen?

Blueque kennt keinen Zustand „abgebrochen“: die Konsole löscht den Task, seinen Hash (blueque_task_&lt;id&gt;) und seinen Eintrag in %2, in einem Schritt und nur, solange er noch wartet. Ein Task, den ein Listener inzwischen genommen hat, läuft weiter (Blueque kann ihn nicht anhalten) und wird gesondert gezählt. Das lässt sich nicht rückgängig machen.</translation>
    </message>
    <message>
        <source>Run %1 now?

Each scheduled task moves from %2 to the head of %3 now, as Blueque&apos;s enqueue_due_tasks moves it when its eta comes (its eta stays in the hash). A task no longer scheduled is skipped.</source>
        <translation>%1 jetzt ausführen?

Jeder geplante Task wandert jetzt von %2 an den Anfang von %3, wie Blueques enqueue_due_tasks ihn zu seiner ETA verschiebt (die ETA bleibt im Hash). Ein Task, der nicht mehr geplant ist, wird übersprungen.</translation>
    </message>
    <message>
        <source>Cancel: not possible for %1 tasks</source>
        <translation>Abbrechen: für Tasks im Zustand %1 nicht möglich</translation>
    </message>
    <message numerus="yes">
        <source>Re&amp;queue %n selected task(s)…</source>
        <translation>
            <numerusform>&amp;Erneut einreihen: %n ausgewählter Task…</numerusform>
            <numerusform>&amp;Erneut einreihen: %n ausgewählte Tasks…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>&amp;Delete %n selected task(s)…</source>
        <translation>
            <numerusform>&amp;Löschen: %n ausgewählter Task…</numerusform>
            <numerusform>&amp;Löschen: %n ausgewählte Tasks…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>&amp;Cancel %n selected task(s)…</source>
        <translation>
            <numerusform>&amp;Abbrechen: %n ausgewählter Task…</numerusform>
            <numerusform>&amp;Abbrechen: %n ausgewählte Tasks…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>&amp;Run %n selected task(s) now…</source>
        <translation>
            <numerusform>&amp;Jetzt ausführen: %n ausgewählter Task…</numerusform>
            <numerusform>&amp;Jetzt ausführen: %n ausgewählte Tasks…</numerusform>
        </translation>
    </message>
    <message>
        <source>Cancel %1?

Blueque has no cancelled state: the console deletes the task, its hash (blueque_task_&lt;id&gt;) and its entry in %2, in one step and only while it is still scheduled. A task already moved to pending meanwhile is skipped. This cannot be undone.</source>
        <translation>%1 abbrechen?

Blueque kennt keinen Zustand „abgebrochen“: die Konsole löscht den Task, seinen Hash (blueque_task_&lt;id&gt;) und seinen Eintrag in %2, in einem Schritt und nur, solange er noch geplant ist. Ein Task, der inzwischen schon wartet, wird übersprungen. Das lässt sich nicht rückgängig machen.</translation>
    </message>
    <message numerus="yes">
        <source>Requeue %Ln task(s)</source>
        <translation>
            <numerusform>%Ln Task erneut einreihen</numerusform>
            <numerusform>%Ln Tasks erneut einreihen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Delete %Ln task(s)</source>
        <translation>
            <numerusform>%Ln Task löschen</numerusform>
            <numerusform>%Ln Tasks löschen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Cancel %Ln task(s)</source>
        <translation>
            <numerusform>%Ln Task abbrechen</numerusform>
            <numerusform>%Ln Tasks abbrechen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Run %Ln task(s) now</source>
        <translation>
            <numerusform>%Ln Task jetzt ausführen</numerusform>
            <numerusform>%Ln Tasks jetzt ausführen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Requeue &amp;all %Ln failed task(s) of %1…</source>
        <translation>
            <numerusform>&amp;Den %Ln fehlgeschlagenen Task von %1 erneut einreihen…</numerusform>
            <numerusform>&amp;Alle %Ln fehlgeschlagenen Tasks von %1 erneut einreihen…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Delete all %Ln %1 task(s) of %2…</source>
        <translation>
            <numerusform>Den %Ln Task (%1) von %2 löschen…</numerusform>
            <numerusform>Alle %Ln Tasks (%1) von %2 löschen…</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>BluequeBulkRun</name>
    <message>
        <source>Interrupted: the run was closed before its end (%1). Tasks of the call in flight may or may not have been changed.</source>
        <translation>Unterbrochen: der Lauf wurde vor seinem Ende geschlossen (%1). Tasks des laufenden Aufrufs wurden vielleicht geändert, vielleicht nicht.</translation>
    </message>
    <message>
        <source>left in the failed list: its task is gone, in another queue or not failed</source>
        <translation>in der Fehlerliste belassen: sein Task ist weg, in einer anderen Queue oder nicht fehlgeschlagen</translation>
    </message>
    <message>
        <source>list entry removed, its task kept: gone, in another queue or in another state</source>
        <translation>Listeneintrag entfernt, sein Task behalten: weg, in einer anderen Queue oder in einem anderen Zustand</translation>
    </message>
    <message numerus="yes">
        <source>%n task(s) left the list meanwhile, taken by another client</source>
        <translation>
            <numerusform>%n Task hat die Liste inzwischen verlassen, von einem anderen Client genommen</numerusform>
            <numerusform>%n Tasks haben die Liste inzwischen verlassen, von einem anderen Client genommen</numerusform>
        </translation>
    </message>
    <message>
        <source>the connection failed: %1</source>
        <translation>die Verbindung ist ausgefallen: %1</translation>
    </message>
    <message numerus="yes">
        <source>The reply of the last call was lost: its %n task(s) may or may not have been changed, and are counted as not attempted</source>
        <translation>
            <numerusform>Die Antwort des letzten Aufrufs ging verloren: sein %n Task wurde vielleicht geändert, vielleicht nicht, und zählt als nicht versucht</numerusform>
            <numerusform>Die Antwort des letzten Aufrufs ging verloren: seine %n Tasks wurden vielleicht geändert, vielleicht nicht, und zählen als nicht versucht</numerusform>
        </translation>
    </message>
    <message>
        <source>already gone</source>
        <translation>schon weg</translation>
    </message>
    <message>
        <source>in another state now (%1)</source>
        <translation>jetzt in einem anderen Zustand (%1)</translation>
    </message>
    <message>
        <source>taken by a listener meanwhile: left to run</source>
        <translation>inzwischen von einem Listener genommen: läuft weiter</translation>
    </message>
    <message>
        <source>not in its list</source>
        <translation>nicht in seiner Liste</translation>
    </message>
    <message>
        <source>not in the scheduled set (moved meanwhile)</source>
        <translation>nicht in der Menge der geplanten Tasks (inzwischen verschoben)</translation>
    </message>
    <message>
        <source>belongs to another queue</source>
        <translation>gehört zu einer anderen Queue</translation>
    </message>
    <message>
        <source>no longer failed (now %1)</source>
        <translation>nicht mehr fehlgeschlagen (jetzt %1)</translation>
    </message>
    <message>
        <source>not in the failed list</source>
        <translation>nicht in der Fehlerliste</translation>
    </message>
    <message>
        <source>taken by a listener meanwhile (now %1): Blueque cannot stop it, left to run</source>
        <translation>inzwischen von einem Listener genommen (jetzt %1): Blueque kann ihn nicht anhalten, läuft weiter</translation>
    </message>
</context>
<context>
    <name>BluequeFiguresSource</name>
    <message>
        <source>counts of the first %1 of %2 queues</source>
        <translation>Zahlen der ersten %1 von %2 Warteschlangen</translation>
    </message>
</context>
<context>
    <name>BluequeListenerModel</name>
    <message>
        <source>bad key</source>
        <translation>fehlerhafter Schlüssel</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>unbekannt</translation>
    </message>
    <message>
        <source>—</source>
        <translation>—</translation>
    </message>
    <message numerus="yes">
        <source>%n held task(s) still say pending: a dequeue cut short, or one just taken</source>
        <translation>
            <numerusform>%n gehaltener Task sagt noch pending: ein abgebrochenes Dequeue oder ein gerade genommener</numerusform>
            <numerusform>%n gehaltene Tasks sagen noch pending: ein abgebrochenes Dequeue oder gerade genommene</numerusform>
        </translation>
    </message>
    <message>
        <source>Listener</source>
        <translation>Listener</translation>
    </message>
    <message>
        <source>Holds</source>
        <translation>Hält</translation>
    </message>
    <message>
        <source>Started</source>
        <translation>Gestartet</translation>
    </message>
    <message>
        <source>Last change</source>
        <translation>Letzte Änderung</translation>
    </message>
    <message>
        <source>Tasks held</source>
        <translation>Gehaltene Tasks</translation>
    </message>
    <message>
        <source>Queue</source>
        <translation>Warteschlange</translation>
    </message>
    <message>
        <source>Host</source>
        <translation>Host</translation>
    </message>
    <message>
        <source>Pid</source>
        <translation>PID</translation>
    </message>
    <message>
        <source>Listed</source>
        <translation>Gelistet</translation>
    </message>
    <message>
        <source>Reserved</source>
        <translation>Reserviert</translation>
    </message>
    <message>
        <source>Gone from the listener set</source>
        <translation>Nicht mehr in der Listener-Menge</translation>
    </message>
    <message numerus="yes">
        <source>%n still pending</source>
        <translation>
            <numerusform>%n noch wartend</numerusform>
            <numerusform>%n noch wartend</numerusform>
        </translation>
    </message>
    <message>
        <source>Not in the listener set: its listener is gone (claim_orphan removed it) and left this reserved list. Blueque claims only the newest task of it; the others are never run.</source>
        <translation>Nicht in der Listener-Menge: sein Listener ist fort (claim_orphan hat ihn entfernt) und hat diese Reserviert-Liste hinterlassen. Blueque übernimmt nur ihren neuesten Task; die anderen laufen nie.</translation>
    </message>
    <message>
        <source>What looks wrong</source>
        <translation>Was falsch aussieht</translation>
    </message>
</context>
<context>
    <name>BluequePage</name>
    <message>
        <source>Blueque queues</source>
        <translation>Blueque-Warteschlangen</translation>
    </message>
    <message>
        <source>Blueque tasks</source>
        <translation>Blueque-Tasks</translation>
    </message>
    <message>
        <source>Blueque task state</source>
        <translation>Blueque-Task-Zustand</translation>
    </message>
    <message>
        <source>Blueque task record</source>
        <translation>Blueque-Task-Datensatz</translation>
    </message>
    <message>
        <source>Select a task to see its whole record.</source>
        <translation>Wählen Sie einen Task, um seinen ganzen Datensatz zu sehen.</translation>
    </message>
    <message>
        <source>Blueque (%1)</source>
        <translation>Blueque (%1)</translation>
    </message>
    <message>
        <source>This server holds no Blueque deployment (no blueque_queues key).</source>
        <translation>Dieser Server enthält kein Blueque (kein Schlüssel blueque_queues).</translation>
    </message>
    <message numerus="yes">
        <source>%n Blueque queue(s)</source>
        <translation>
            <numerusform>%n Blueque-Queue</numerusform>
            <numerusform>%n Blueque-Queues</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n anomaly(ies): hover a queue&apos;s Anomalies cell for why</source>
        <translation>
            <numerusform>%n Auffälligkeit: Zeigen Sie auf die Zelle „Auffälligkeiten“ einer Queue, um den Grund zu sehen</numerusform>
            <numerusform>%n Auffälligkeiten: Zeigen Sie auf die Zelle „Auffälligkeiten“ einer Queue, um den Grund zu sehen</numerusform>
        </translation>
    </message>
    <message>
        <source>Blueque</source>
        <translation>Blueque</translation>
    </message>
    <message>
        <source>pending</source>
        <translation>wartend</translation>
    </message>
    <message>
        <source>scheduled</source>
        <translation>geplant</translation>
    </message>
    <message>
        <source>reserved</source>
        <translation>reserviert</translation>
    </message>
    <message>
        <source>started</source>
        <translation>gestartet</translation>
    </message>
    <message>
        <source>complete</source>
        <translation>abgeschlossen</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>fehlgeschlagen</translation>
    </message>
    <message>
        <source>&amp;Actions</source>
        <translation>&amp;Aktionen</translation>
    </message>
    <message>
        <source>What can be done to the selected tasks, or to the whole list</source>
        <translation>Was sich mit den ausgewählten Tasks oder der ganzen Liste tun lässt</translation>
    </message>
    <message>
        <source>Select a queue and tasks first</source>
        <translation>Zuerst eine Queue und Tasks wählen</translation>
    </message>
    <message>
        <source>%1 of %2: unreadable</source>
        <translation>%1 von %2: unlesbar</translation>
    </message>
    <message numerus="yes">
        <source>%1 of %2: %n task(s)</source>
        <translation>
            <numerusform>%1 von %2: %n Task</numerusform>
            <numerusform>%1 von %2: %n Tasks</numerusform>
        </translation>
    </message>
    <message>
        <source>listeners</source>
        <translation>Listener</translation>
    </message>
    <message>
        <source>Blueque listeners</source>
        <translation>Blueque-Listener</translation>
    </message>
    <message numerus="yes">
        <source>listeners of %1: %n read</source>
        <translation>
            <numerusform>Listener von %1: %n gelesen</numerusform>
            <numerusform>Listener von %1: %n gelesen</numerusform>
        </translation>
    </message>
    <message>
        <source>&amp;Previous listeners</source>
        <translation>&amp;Vorherige Listener</translation>
    </message>
    <message>
        <source>&amp;Next listeners</source>
        <translation>Nä&amp;chste Listener</translation>
    </message>
    <message>
        <source>page %1</source>
        <translation>Seite %1</translation>
    </message>
    <message numerus="yes">
        <source>%n reserved list(s) left by listeners gone from the set (marked)</source>
        <translation>
            <numerusform>%n Reserviert-Liste von Listenern, die nicht mehr in der Menge sind (markiert)</numerusform>
            <numerusform>%n Reserviert-Listen von Listenern, die nicht mehr in der Menge sind (markiert)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>BluequeQueueModel</name>
    <message numerus="yes">
        <source>%n scheduled task(s) past their eta: no process runs enqueue_due_tasks for this queue</source>
        <translation>
            <numerusform>%n geplanter Task ist überfällig: kein Prozess ruft enqueue_due_tasks für diese Queue auf</numerusform>
            <numerusform>%n geplante Tasks sind überfällig: kein Prozess ruft enqueue_due_tasks für diese Queue auf</numerusform>
        </translation>
    </message>
    <message>
        <source>Keys of a type Blueque does not write (the 2013 README&apos;s layout or a hand edit): %1</source>
        <translation>Schlüssel eines Typs, den Blueque nicht schreibt (das Layout des README von 2013 oder eine Handänderung): %1</translation>
    </message>
    <message>
        <source>Reserved counted for %1 of %2 listeners only</source>
        <translation>Reserviert nur für %1 von %2 Listenern gezählt</translation>
    </message>
    <message>
        <source>bad key</source>
        <translation>fehlerhafter Schlüssel</translation>
    </message>
    <message>
        <source>%1 (%2 overdue)</source>
        <translation>%1 (%2 überfällig)</translation>
    </message>
    <message>
        <source>blueque_queues&apos; score: %1 (listeners ever added minus orphans claimed; it overcounts listeners that exited normally)</source>
        <translation>Score in blueque_queues: %1 (je hinzugefügte Listener minus übernommene Waisen; zählt normal beendete Listener zu viel)</translation>
    </message>
    <message>
        <source>This key has a type Blueque never writes: %1</source>
        <translation>Dieser Schlüssel hat einen Typ, den Blueque nie schreibt: %1</translation>
    </message>
    <message>
        <source>Queue</source>
        <translation>Warteschlange</translation>
    </message>
    <message>
        <source>Pending</source>
        <translation>Wartend</translation>
    </message>
    <message>
        <source>Scheduled</source>
        <translation>Geplant</translation>
    </message>
    <message>
        <source>Reserved</source>
        <translation>Reserviert</translation>
    </message>
    <message>
        <source>Started</source>
        <translation>Gestartet</translation>
    </message>
    <message>
        <source>Complete</source>
        <translation>Fertig</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>Fehlgeschlagen</translation>
    </message>
    <message>
        <source>Listeners</source>
        <translation>Listener</translation>
    </message>
    <message>
        <source>Anomalies</source>
        <translation>Auffälligkeiten</translation>
    </message>
    <message numerus="yes">
        <source>%n reserved task(s) still pending for more than a few seconds: a dequeue cut short (its listener may have died between taking the id and writing the status)</source>
        <translation>
            <numerusform>%n reservierter Task seit mehr als ein paar Sekunden noch wartend: ein abgebrochenes Dequeue (sein Listener ist vielleicht zwischen dem Nehmen der ID und dem Schreiben des Status gestorben)</numerusform>
            <numerusform>%n reservierte Tasks seit mehr als ein paar Sekunden noch wartend: ein abgebrochenes Dequeue (ihr Listener ist vielleicht zwischen dem Nehmen der ID und dem Schreiben des Status gestorben)</numerusform>
        </translation>
    </message>
    <message>
        <source>overdue schedule</source>
        <translation>überfällige Planung</translation>
    </message>
    <message>
        <source>stuck reservation</source>
        <translation>hängende Reservierung</translation>
    </message>
    <message>
        <source>odd keys</source>
        <translation>fremde Schlüssel</translation>
    </message>
    <message>
        <source>partly counted</source>
        <translation>teilweise gezählt</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keine</translation>
    </message>
</context>
<context>
    <name>BluequeSearchPage</name>
    <message>
        <source>&amp;Search</source>
        <translation>&amp;Suchen</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Con&amp;tinue</source>
        <translation>&amp;Weiter</translation>
    </message>
    <message>
        <source>&amp;Previous page</source>
        <translation>&amp;Vorherige Seite</translation>
    </message>
    <message>
        <source>&amp;Next page</source>
        <translation>Nä&amp;chste Seite</translation>
    </message>
    <message>
        <source>Text in the parameters or the error (exact case)</source>
        <translation>Text in den Parametern oder im Fehler (genaue Schreibung)</translation>
    </message>
    <message>
        <source>Blueque search text</source>
        <translation>Blueque-Suchtext</translation>
    </message>
    <message>
        <source>any queue</source>
        <translation>jede Warteschlange</translation>
    </message>
    <message>
        <source>Blueque search queue</source>
        <translation>Blueque-Suchwarteschlange</translation>
    </message>
    <message>
        <source>Blueque search state</source>
        <translation>Blueque-Suchzustand</translation>
    </message>
    <message>
        <source>any state</source>
        <translation>jeder Zustand</translation>
    </message>
    <message>
        <source>pending</source>
        <translation>wartend</translation>
    </message>
    <message>
        <source>scheduled</source>
        <translation>geplant</translation>
    </message>
    <message>
        <source>reserved</source>
        <translation>reserviert</translation>
    </message>
    <message>
        <source>started</source>
        <translation>gestartet</translation>
    </message>
    <message>
        <source>complete</source>
        <translation>abgeschlossen</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>fehlgeschlagen</translation>
    </message>
    <message>
        <source>&amp;Actions</source>
        <translation>&amp;Aktionen</translation>
    </message>
    <message>
        <source>What can be done to the selected tasks</source>
        <translation>Was mit den ausgewählten Tasks getan werden kann</translation>
    </message>
    <message>
        <source>Select found tasks first</source>
        <translation>Zuerst gefundene Tasks auswählen</translation>
    </message>
    <message>
        <source>Blueque tasks found</source>
        <translation>Gefundene Blueque-Tasks</translation>
    </message>
    <message>
        <source>Blueque task record</source>
        <translation>Blueque-Task-Datensatz</translation>
    </message>
    <message>
        <source>Select a task to see its whole record.</source>
        <translation>Wählen Sie einen Task, um seinen ganzen Datensatz zu sehen.</translation>
    </message>
    <message>
        <source>Type a text to look for in the tasks&apos; parameters and errors.</source>
        <translation>Geben Sie einen Text ein, der in den Parametern und Fehlern der Tasks gesucht wird.</translation>
    </message>
    <message>
        <source>Nothing can be done to reserved or started tasks</source>
        <translation>Mit reservierten oder gestarteten Tasks lässt sich nichts tun</translation>
    </message>
    <message>
        <source>Looks through every task&apos;s parameters and error text on the server, in short steps.</source>
        <translation>Durchsucht die Parameter und Fehlertexte aller Tasks auf dem Server, in kurzen Schritten.</translation>
    </message>
    <message numerus="yes">
        <source>%Ln task(s) found</source>
        <translation>
            <numerusform>%Ln Task gefunden</numerusform>
            <numerusform>%Ln Tasks gefunden</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln task(s) looked at</source>
        <translation>
            <numerusform>%Ln Task angesehen</numerusform>
            <numerusform>%Ln Tasks angesehen</numerusform>
        </translation>
    </message>
    <message>
        <source>page %1 of %2</source>
        <translation>Seite %1 von %2</translation>
    </message>
    <message>
        <source>searching…</source>
        <translation>suche…</translation>
    </message>
    <message>
        <source>done</source>
        <translation>fertig</translation>
    </message>
    <message>
        <source>stopped: %1 (Continue goes on from there)</source>
        <translation>angehalten: %1 (Weiter setzt dort fort)</translation>
    </message>
    <message>
        <source>cancelled (Continue goes on from there)</source>
        <translation>abgebrochen (Weiter setzt dort fort)</translation>
    </message>
    <message>
        <source>Blueque search</source>
        <translation>Blueque-Suche</translation>
    </message>
    <message>
        <source>an action has changed tasks since: search again to see them as they are now</source>
        <translation>eine Aktion hat seither Tasks geändert: erneut suchen, um sie so zu sehen, wie sie jetzt sind</translation>
    </message>
</context>
<context>
    <name>BluequeSession</name>
    <message>
        <source>Could not read the task: %1</source>
        <translation>Der Task konnte nicht gelesen werden: %1</translation>
    </message>
</context>
<context>
    <name>BluequeTableExport</name>
    <message>
        <source>Not a Blueque view: %1.</source>
        <translation>Keine Blueque-Ansicht: %1.</translation>
    </message>
    <message>
        <source>Not connected to a server.</source>
        <translation>Nicht mit einem Server verbunden.</translation>
    </message>
    <message>
        <source>The server holds no Blueque deployment (no key blueque_queues).</source>
        <translation>Der Server enthält kein Blueque (kein Schlüssel blueque_queues).</translation>
    </message>
    <message>
        <source>blueque_queues is a %1, not the sorted set Blueque writes.</source>
        <translation>blueque_queues ist vom Typ %1, nicht die sortierte Menge, die Blueque schreibt.</translation>
    </message>
    <message>
        <source>No Blueque queue &quot;%1&quot; in blueque_queues (it lists %2).</source>
        <translation>Keine Blueque-Warteschlange „%1“ in blueque_queues (dort stehen %2).</translation>
    </message>
    <message>
        <source>The %1 key of Blueque queue %2 is a %3, not what Blueque writes.</source>
        <translation>Der Schlüssel %1 der Blueque-Warteschlange %2 ist vom Typ %3, nicht wie Blueque ihn schreibt.</translation>
    </message>
</context>
<context>
    <name>BluequeTaskModel</name>
    <message>
        <source>No task hash: the %1 key lists an id whose task is gone</source>
        <translation>Kein Task-Hash: der Schlüssel %1 nennt eine ID, deren Task fehlt</translation>
    </message>
    <message>
        <source>The task&apos;s key is a %1, not a hash</source>
        <translation>Der Schlüssel des Tasks ist ein %1, kein Hash</translation>
    </message>
    <message>
        <source>The hash names no queue: a pending task&apos;s hash deleted before a listener took it; its listener cannot complete or fail it</source>
        <translation>Der Hash nennt keine Queue: der Hash eines wartenden Tasks wurde gelöscht, bevor ein Listener ihn nahm; sein Listener kann ihn weder abschließen noch fehlschlagen lassen</translation>
    </message>
    <message>
        <source>Reserved but still pending for %1: a dequeue cut short (its listener may have died between taking the id and writing the status)</source>
        <translation>Reserviert, aber seit %1 noch wartend: ein abgebrochenes Dequeue (sein Listener ist vielleicht zwischen dem Nehmen der ID und dem Schreiben des Status gestorben)</translation>
    </message>
    <message>
        <source>an unknown time</source>
        <translation>unbekannter Zeit</translation>
    </message>
    <message>
        <source>A started entry whose task is %1, not started</source>
        <translation>Ein Eintrag unter „gestartet“, dessen Task %1 ist, nicht started</translation>
    </message>
    <message>
        <source>Past its eta by %1: no process runs enqueue_due_tasks</source>
        <translation>Um %1 überfällig: kein Prozess ruft enqueue_due_tasks auf</translation>
    </message>
    <message>
        <source>Listed as %1, but its status is %2</source>
        <translation>Als %1 gelistet, aber sein Status ist %2</translation>
    </message>
    <message>
        <source>The %1 key is a %2: Blueque never writes that</source>
        <translation>Der Schlüssel für %1 ist ein %2: das schreibt Blueque nie</translation>
    </message>
    <message>
        <source>(%1)</source>
        <translation>(%1)</translation>
    </message>
    <message>
        <source>%1 (pid %2)</source>
        <translation>%1 (PID %2)</translation>
    </message>
    <message>
        <source>Task</source>
        <translation>Task</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>Created</source>
        <translation>Erstellt</translation>
    </message>
    <message>
        <source>Updated</source>
        <translation>Geändert</translation>
    </message>
    <message>
        <source>Eta</source>
        <translation>Fällig</translation>
    </message>
    <message>
        <source>Listener, pid</source>
        <translation>Listener, PID</translation>
    </message>
    <message>
        <source>Node</source>
        <translation>Node</translation>
    </message>
    <message>
        <source>Parameters</source>
        <translation>Parameter</translation>
    </message>
    <message>
        <source>Error</source>
        <translation>Fehler</translation>
    </message>
    <message>
        <source>What looks wrong</source>
        <translation>Was falsch aussieht</translation>
    </message>
</context>
<context>
    <name>BluequeTaskSearchModel</name>
    <message>
        <source>error</source>
        <translation>Fehler</translation>
    </message>
    <message>
        <source>parameters</source>
        <translation>Parameter</translation>
    </message>
    <message>
        <source>Task</source>
        <translation>Task</translation>
    </message>
    <message>
        <source>Queue</source>
        <translation>Warteschlange</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>Found in</source>
        <translation>Gefunden in</translation>
    </message>
</context>
<context>
    <name>BluequeTaskText</name>
    <message>
        <source>Task %1</source>
        <translation>Task %1</translation>
    </message>
    <message>
        <source>No hash: the task is gone from Redis.</source>
        <translation>Kein Hash: der Task ist nicht mehr in Redis.</translation>
    </message>
    <message>
        <source>Its key is a %1, not a hash: Blueque never writes that.</source>
        <translation>Sein Schlüssel ist ein %1, kein Hash: das schreibt Blueque nie.</translation>
    </message>
    <message>
        <source>  (not a number)</source>
        <translation>  (keine Zahl)</translation>
    </message>
    <message>
        <source>! The hash names no queue: its listener cannot complete or fail it.</source>
        <translation>! Der Hash nennt keine Queue: sein Listener kann ihn weder abschließen noch fehlschlagen lassen.</translation>
    </message>
    <message>
        <source>Held by: %1</source>
        <translation>Enthalten in: %1</translation>
    </message>
    <message>
        <source>none of the keys looked at (lists are searched in their newest 1000)</source>
        <translation>keiner der durchsuchten Schlüssel (Listen werden in ihren neuesten 1000 durchsucht)</translation>
    </message>
</context>
<context>
    <name>BulkRunRow</name>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Listing the jobs: %1 found</source>
        <translation>Jobs werden aufgelistet: %1 gefunden</translation>
    </message>
    <message>
        <source>%1 / %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <source>%1 done, %2 skipped, %3 failed · %4 jobs/s</source>
        <translation>%1 erledigt, %2 übersprungen, %3 fehlgeschlagen · %4 Jobs/s</translation>
    </message>
    <message>
        <source>Stopping after this batch… · </source>
        <translation>Anhalten nach diesem Stapel… · </translation>
    </message>
    <message>
        <source>Cancelled</source>
        <translation>Abgebrochen</translation>
    </message>
    <message>
        <source>Partly done</source>
        <translation>Teilweise erledigt</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>Fehlgeschlagen</translation>
    </message>
    <message>
        <source>Dismiss</source>
        <translation>Schließen</translation>
    </message>
    <message>
        <source>%1 done, %2 skipped, %3 failed · %4 tasks/s</source>
        <translation>%1 erledigt, %2 übersprungen, %3 fehlgeschlagen · %4 Tasks/s</translation>
    </message>
</context>
<context>
    <name>BulkRunner</name>
    <message>
        <source>Interrupted: the run was closed before its end (%1). Jobs of a batch in flight may or may not have been done.</source>
        <translation>Unterbrochen: Die Aktion wurde vor ihrem Ende geschlossen (%1). Jobs eines laufenden Stapels wurden möglicherweise erledigt, möglicherweise nicht.</translation>
    </message>
    <message>
        <source>has dependents</source>
        <translation>hat abhängige Jobs</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>unknown: the connection dropped before the reply</source>
        <translation>unbekannt: Die Verbindung brach vor der Antwort ab</translation>
    </message>
    <message>
        <source>unknown: done before the server restarted, not checked since</source>
        <translation>unbekannt: vor dem Neustart des Servers erledigt, seither nicht geprüft</translation>
    </message>
    <message>
        <source>Waiting for the connection: %1</source>
        <translation>Warten auf die Verbindung: %1</translation>
    </message>
    <message>
        <source>job no longer exists</source>
        <translation>Job existiert nicht mehr</translation>
    </message>
    <message>
        <source>no longer failed</source>
        <translation>nicht mehr fehlgeschlagen</translation>
    </message>
    <message>
        <source>listed twice in the group</source>
        <translation>zweimal in der Gruppe aufgeführt</translation>
    </message>
    <message>
        <source>no queue to go back to</source>
        <translation>keine Warteschlange, in die er zurückkehren kann</translation>
    </message>
    <message>
        <source>no longer in the group</source>
        <translation>nicht mehr in der Gruppe</translation>
    </message>
    <message>
        <source>the jobs could not be listed: %1</source>
        <translation>die Jobs konnten nicht aufgelistet werden: %1</translation>
    </message>
    <message>
        <source>refused; could not be checked (%1)</source>
        <translation>abgelehnt; konnte nicht geprüft werden (%1)</translation>
    </message>
    <message>
        <source>refused by the server</source>
        <translation>vom Server abgelehnt</translation>
    </message>
    <message>
        <source>run_id %1… → %2…</source>
        <translation>run_id %1… → %2…</translation>
    </message>
    <message>
        <source>The server restarted during the run (%1), before any job was counted</source>
        <translation>Der Server wurde während der Aktion neu gestartet (%1), bevor ein Job gezählt wurde</translation>
    </message>
    <message>
        <source>unknown: done before the server restarted, could not be checked (%1)</source>
        <translation>unbekannt: vor dem Neustart des Servers erledigt, konnte nicht geprüft werden (%1)</translation>
    </message>
    <message>
        <source>The server restarted during the run (%1), before any batch was counted</source>
        <translation>Der Server wurde während der Aktion neu gestartet (%1), bevor ein Stapel gezählt wurde</translation>
    </message>
    <message>
        <source>The server restarted during the run (%1; perhaps from an older snapshot) and the batches counted before could not be checked (%2): the counts before it may not hold</source>
        <translation>Der Server wurde während der Aktion neu gestartet (%1; vielleicht aus einem älteren Snapshot), und die zuvor gezählten Stapel konnten nicht geprüft werden (%2): Die Zählungen davor stimmen möglicherweise nicht</translation>
    </message>
    <message numerus="yes">
        <source>The steps of %n job(s) may or may not have run: the connection dropped before their replies. Look at those jobs to see whether they were changed.</source>
        <translation>
            <numerusform>Der Schritt für %n Job lief möglicherweise, möglicherweise nicht: Die Verbindung brach vor der Antwort ab. Sehen Sie sich den Job an, um zu prüfen, ob er geändert wurde.</numerusform>
            <numerusform>Die Schritte für %n Jobs liefen möglicherweise, möglicherweise nicht: Die Verbindung brach vor den Antworten ab. Sehen Sie sich diese Jobs an, um zu prüfen, ob sie geändert wurden.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>the last %n batch(es) (up to %1 jobs) may or may not have run: the connection dropped before the replies. The failure group shows which jobs are still in it.</source>
        <translation>
            <numerusform>der letzte Stapel (bis zu %1 Jobs) lief möglicherweise, möglicherweise nicht: Die Verbindung brach vor seiner Antwort ab. Die Fehlergruppe zeigt, welche Jobs noch in ihr sind.</numerusform>
            <numerusform>die letzten %n Stapel (bis zu %1 Jobs) liefen möglicherweise, möglicherweise nicht: Die Verbindung brach vor ihren Antworten ab. Die Fehlergruppe zeigt, welche Jobs noch in ihr sind.</numerusform>
        </translation>
    </message>
    <message>
        <source>already gone</source>
        <translation>bereits verschwunden</translation>
    </message>
    <message>
        <source>complete jobs are not cancelled</source>
        <translation>abgeschlossene Jobs werden nicht abgebrochen</translation>
    </message>
    <message>
        <source>completed meanwhile</source>
        <translation>inzwischen abgeschlossen</translation>
    </message>
    <message>
        <source>started running meanwhile: left to its worker</source>
        <translation>inzwischen gestartet: seinem Worker gelassen</translation>
    </message>
    <message>
        <source>not cancelled: %1</source>
        <translation>nicht abgebrochen: %1</translation>
    </message>
    <message>
        <source>the run&apos;s receipts could not be deleted: %1</source>
        <translation>die Quittungen der Aktion konnten nicht gelöscht werden: %1</translation>
    </message>
    <message>
        <source>its record of this run&apos;s releases went back from %1 to %2</source>
        <translation>sein Eintrag zu den Freigaben dieser Aktion ging von %1 auf %2 zurück</translation>
    </message>
    <message>
        <source>The server restarted during the run (%1; perhaps from an older snapshot): of the %2 jobs counted done before, %3 of them still done (the run&apos;s record ql:desk:run:%4 or their receipts said so); the others were sent again under the same receipts and counted as the summary says</source>
        <translation>Der Server wurde während der Aktion neu gestartet (%1; vielleicht aus einem älteren Snapshot): Von den %2 zuvor als erledigt gezählten Jobs sind %3 weiterhin erledigt (laut dem Eintrag der Aktion ql:desk:run:%4 oder ihren Quittungen); die anderen wurden unter denselben Quittungen erneut gesendet und wie in der Zusammenfassung angegeben gezählt</translation>
    </message>
    <message>
        <source>The server restarted during the run (%1; perhaps from an older snapshot): of the %2 batches counted before, %3 were still recorded on it (by the run&apos;s record ql:desk:run:%4 or their receipts); the %5 jobs counted done in the others were taken from the group again</source>
        <translation>Der Server wurde während der Aktion neu gestartet (%1; vielleicht aus einem älteren Snapshot): Von den %2 zuvor gezählten Stapeln waren %3 dort noch verzeichnet (im Eintrag der Aktion ql:desk:run:%4 oder in ihren Quittungen); die %5 in den anderen als erledigt gezählten Jobs wurden erneut aus der Gruppe genommen</translation>
    </message>
</context>
<context>
    <name>BulkSummary</name>
    <message>
        <source>%1 skipped (%2)</source>
        <translation>%1 übersprungen (%2)</translation>
    </message>
    <message>
        <source>%1 failed (%2)</source>
        <translation>%1 fehlgeschlagen (%2)</translation>
    </message>
    <message>
        <source>%1 not attempted</source>
        <translation>%1 nicht versucht</translation>
    </message>
    <message>
        <source>expected %1, collected %2 (the list changed before it was read to its end)</source>
        <translation>erwartet %1, gesammelt %2 (die Liste änderte sich, bevor sie zu Ende gelesen war)</translation>
    </message>
    <message>
        <source>. Stopped by the operator.</source>
        <translation>. Vom Bediener angehalten.</translation>
    </message>
    <message>
        <source>. Stopped: %1</source>
        <translation>. Angehalten: %1</translation>
    </message>
    <message numerus="yes">
        <source>%1 of %Ln job(s) done</source>
        <translation>
            <numerusform>%1 von %Ln Job erledigt</numerusform>
            <numerusform>%1 von %Ln Jobs erledigt</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 of %Ln task(s) done</source>
        <translation>
            <numerusform>%1 von %Ln Task erledigt</numerusform>
            <numerusform>%1 von %Ln Tasks erledigt</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>BulkTarget</name>
    <message>
        <source>job %1</source>
        <translation>Job %1</translation>
    </message>
    <message>
        <source>all jobs %1</source>
        <translation>alle Jobs %1</translation>
    </message>
    <message>
        <source>all %1 jobs of failure group %2</source>
        <translation>alle %1 Jobs der Fehlergruppe %2</translation>
    </message>
    <message numerus="yes">
        <source>%Ln selected job(s)</source>
        <translation>
            <numerusform>%Ln ausgewählter Job</numerusform>
            <numerusform>%Ln ausgewählte Jobs</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>all %Ln job(s) %1</source>
        <translation>
            <numerusform>der %Ln Job %1</numerusform>
            <numerusform>alle %Ln Jobs %1</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ChartExportActions</name>
    <message>
        <source>&amp;Export chart…</source>
        <translation>Diagramm &amp;exportieren…</translation>
    </message>
    <message>
        <source>Save a chart as PNG, SVG or PDF at a chosen size, or its numbers as CSV (Ctrl+E)</source>
        <translation>Ein Diagramm als PNG, SVG oder PDF in gewählter Größe speichern oder seine Zahlen als CSV (Strg+E)</translation>
    </message>
    <message>
        <source>&amp;Copy chart to clipboard…</source>
        <translation>Diagramm in die Zwischenablage &amp;kopieren…</translation>
    </message>
    <message>
        <source>Export…</source>
        <translation>Exportieren…</translation>
    </message>
    <message>
        <source>Export chart</source>
        <translation>Diagramm exportieren</translation>
    </message>
    <message>
        <source>Export %1</source>
        <translation>%1 exportieren</translation>
    </message>
    <message>
        <source>Export failed</source>
        <translation>Export fehlgeschlagen</translation>
    </message>
    <message>
        <source>Copy chart to clipboard</source>
        <translation>Diagramm in die Zwischenablage kopieren</translation>
    </message>
    <message>
        <source>Copy failed</source>
        <translation>Kopieren fehlgeschlagen</translation>
    </message>
</context>
<context>
    <name>ChartExporter</name>
    <message>
        <source>PNG image (*.png)</source>
        <translation>PNG-Bild (*.png)</translation>
    </message>
    <message>
        <source>SVG drawing (*.svg)</source>
        <translation>SVG-Zeichnung (*.svg)</translation>
    </message>
    <message>
        <source>PDF document (*.pdf)</source>
        <translation>PDF-Dokument (*.pdf)</translation>
    </message>
    <message>
        <source>CSV numbers (*.csv)</source>
        <translation>CSV-Zahlen (*.csv)</translation>
    </message>
    <message>
        <source>A chart must be between %1 and %2 pixels wide and high; %3×%4 is not.</source>
        <translation>Ein Diagramm muss zwischen %1 und %2 Pixel breit und hoch sein; %3×%4 ist es nicht.</translation>
    </message>
    <message>
        <source>An image of %1×%2 pixels is too large; choose at most %3 megapixels, or SVG or PDF, which scale to any size.</source>
        <translation>Ein Bild mit %1×%2 Pixeln ist zu groß; wählen Sie höchstens %3 Megapixel oder SVG bzw. PDF, die sich beliebig skalieren lassen.</translation>
    </message>
    <message>
        <source>There is no clipboard to copy the chart to.</source>
        <translation>Es gibt keine Zwischenablage, in die das Diagramm kopiert werden könnte.</translation>
    </message>
    <message>
        <source>The chart could not be drawn at %1×%2 pixels.</source>
        <translation>Das Diagramm konnte nicht mit %1×%2 Pixeln gezeichnet werden.</translation>
    </message>
    <message>
        <source>Cannot export to %1: the file name must end in .png, .svg, .pdf or .csv.</source>
        <translation>Export nach %1 nicht möglich: Der Dateiname muss auf .png, .svg, .pdf oder .csv enden.</translation>
    </message>
    <message>
        <source>Cannot export to %1: it is a folder.</source>
        <translation>Export nach %1 nicht möglich: Das ist ein Ordner.</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>%1 kann nicht geschrieben werden: %2</translation>
    </message>
    <message>
        <source>qlessdesk chart</source>
        <translation>qlessdesk-Diagramm</translation>
    </message>
    <message>
        <source>qlessdesk</source>
        <translation>qlessdesk</translation>
    </message>
    <message>
        <source>the chart could not be drawn</source>
        <translation>das Diagramm konnte nicht gezeichnet werden</translation>
    </message>
</context>
<context>
    <name>CompletedPage</name>
    <message>
        <source>Completed</source>
        <translation>Abgeschlossen</translation>
    </message>
    <message>
        <source>Clear the filter to act on every completed job</source>
        <translation>Filter leeren, um auf alle abgeschlossenen Jobs zu wirken</translation>
    </message>
    <message>
        <source>Completed jobs, newest first</source>
        <translation>Abgeschlossene Jobs, neueste zuerst</translation>
    </message>
    <message>
        <source>Completed in queue (whole name)</source>
        <translation>Abgeschlossen in Warteschlange (ganzer Name)</translation>
    </message>
    <message>
        <source>Class contains (any case)</source>
        <translation>Klasse enthält (Groß-/Kleinschreibung egal)</translation>
    </message>
    <message>
        <source>Press Enter to look through every completed job on the server (not only the rows loaded); clear both fields for the whole list</source>
        <translation>Eingabetaste durchsucht jeden abgeschlossenen Job auf dem Server (nicht nur die geladenen Zeilen); leeren Sie beide Felder für die ganze Liste</translation>
    </message>
    <message>
        <source>Completed in queue</source>
        <translation>Abgeschlossen in Warteschlange</translation>
    </message>
    <message>
        <source>Class contains</source>
        <translation>Klasse enthält</translation>
    </message>
    <message>
        <source>in %1</source>
        <translation>in %1</translation>
    </message>
    <message>
        <source>of a class containing &quot;%1&quot;</source>
        <translation>einer Klasse, die „%1“ enthält</translation>
    </message>
    <message>
        <source>Completed jobs %1, newest first</source>
        <translation>Abgeschlossene Jobs %1, neueste zuerst</translation>
    </message>
    <message>
        <source>not at all (jobs-history is negative)</source>
        <translation>überhaupt nicht (jobs-history ist negativ)</translation>
    </message>
    <message>
        <source>for %1 (jobs-history)</source>
        <translation>für %1 (jobs-history)</translation>
    </message>
    <message>
        <source>qless keeps completed jobs %1, at most the newest %2 of them (jobs-history-count); older ones are deleted as other jobs complete.</source>
        <translation>qless bewahrt abgeschlossene Jobs %1 auf, höchstens die neuesten %2 davon (jobs-history-count); ältere werden gelöscht, sobald andere Jobs abschließen.</translation>
    </message>
    <message>
        <source>Could not read the completed jobs: %1</source>
        <translation>Die abgeschlossenen Jobs konnten nicht gelesen werden: %1</translation>
    </message>
    <message>
        <source>%1 of %2 loaded; scroll down to load more</source>
        <translation>%1 von %2 geladen; nach unten scrollen, um mehr zu laden</translation>
    </message>
    <message>
        <source>%1 loaded; scroll down to load more</source>
        <translation>%1 geladen; nach unten scrollen, um mehr zu laden</translation>
    </message>
    <message>
        <source>%1 found so far; scroll down to look further</source>
        <translation>%1 bisher gefunden; nach unten scrollen, um weiterzusuchen</translation>
    </message>
    <message>
        <source>%1 found</source>
        <translation>%1 gefunden</translation>
    </message>
    <message numerus="yes">
        <source>%Ln job(s)</source>
        <translation>
            <numerusform>%Ln Job</numerusform>
            <numerusform>%Ln Jobs</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ConfigEditor</name>
    <message>
        <source>days</source>
        <translation>Tage</translation>
    </message>
    <message>
        <source>jobs</source>
        <translation>Jobs</translation>
    </message>
    <message>
        <source>entries</source>
        <translation>Einträge</translation>
    </message>
    <message>
        <source>seconds</source>
        <translation>Sekunden</translation>
    </message>
    <message>
        <source>Choose an option, or type the name of one.</source>
        <translation>Wählen Sie eine Option oder geben Sie ihren Namen ein.</translation>
    </message>
    <message>
        <source>An empty value cannot be set. To go back to the default, unset the option.</source>
        <translation>Ein leerer Wert kann nicht gesetzt werden. Um zum Standard zurückzukehren, setzen Sie die Option zurück.</translation>
    </message>
    <message>
        <source>%1 takes a number of %2, such as %3.</source>
        <translation>%1 erwartet eine Anzahl %2, etwa %3.</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a number: %2 takes a number of %3, such as %4.</source>
        <translation>„%1“ ist keine Zahl: %2 erwartet eine Anzahl %3, etwa %4.</translation>
    </message>
    <message>
        <source>With %1 at %2, every lock qless gives has run out when it is given: each running job counts as stalled at once and the next pop takes it back.</source>
        <translation>Mit %1 auf %2 ist jede Sperre, die qless vergibt, schon bei der Vergabe abgelaufen: Jeder laufende Job gilt sofort als hängend, und das nächste Pop holt ihn zurück.</translation>
    </message>
    <message>
        <source>With max-worker-age at %1, every worker counts as gone at once: the Workers list is empty and qless&apos;s workers command forgets them all.</source>
        <translation>Mit max-worker-age auf %1 gilt jeder Worker sofort als verschwunden: Die Worker-Liste ist leer, und qless’ workers-Befehl vergisst sie alle.</translation>
    </message>
    <message>
        <source>every complete</source>
        <translation>jedes complete</translation>
    </message>
    <message>
        <source>every put, pop and complete</source>
        <translation>jedes put, pop und complete</translation>
    </message>
    <message>
        <source>every pop of queue %1</source>
        <translation>jedes pop der Warteschlange %1</translation>
    </message>
    <message>
        <source>%1 is a count qless hands to Redis as it is: Redis refuses %2, so %3 of real workers fails until it is changed.</source>
        <translation>%1 ist eine Anzahl, die qless unverändert an Redis weitergibt: Redis lehnt %2 ab, daher schlägt %3 echter Worker fehl, bis der Wert geändert wird.</translation>
    </message>
    <message>
        <source>In qless, %1 at 0 or less means no limit: queue %2 runs any number of jobs at once, not none.</source>
        <translation>In qless bedeutet %1 auf 0 oder weniger keine Begrenzung: Warteschlange %2 führt beliebig viele Jobs gleichzeitig aus, nicht keinen.</translation>
    </message>
    <message>
        <source>In qless, max-job-history at 0 or less means no limit: every job&apos;s history grows without end.</source>
        <translation>In qless bedeutet max-job-history auf 0 oder weniger keine Begrenzung: Der Verlauf jedes Jobs wächst ohne Ende.</translation>
    </message>
    <message>
        <source>%1 is how much to keep; qless takes %2 as it is, and a negative length does not mean &quot;none&quot; (a negative jobs-history deletes every completed job the moment it completes).</source>
        <translation>%1 gibt an, wie viel aufbewahrt wird; qless übernimmt %2 unverändert, und eine negative Länge bedeutet nicht „keine“ (ein negatives jobs-history löscht jeden abgeschlossenen Job im Moment seines Abschlusses).</translation>
    </message>
    <message>
        <source>This connection is read-only: nothing is written to this server.</source>
        <translation>Diese Verbindung ist schreibgeschützt: Auf diesen Server wird nichts geschrieben.</translation>
    </message>
    <message>
        <source>Another change is still being written; try again when it is done.</source>
        <translation>Eine andere Änderung wird noch geschrieben; versuchen Sie es erneut, wenn sie fertig ist.</translation>
    </message>
    <message>
        <source>Confirm to set it anyway.</source>
        <translation>Bestätigen Sie, um den Wert trotzdem zu setzen.</translation>
    </message>
    <message>
        <source>Could not read %1 before changing it: %2. Nothing was changed.</source>
        <translation>%1 konnte vor der Änderung nicht gelesen werden: %2. Nichts wurde geändert.</translation>
    </message>
    <message>
        <source>was %1</source>
        <translation>vorher %1</translation>
    </message>
    <message>
        <source>was not set</source>
        <translation>vorher nicht gesetzt</translation>
    </message>
    <message>
        <source>%1 set to %2 (%3).</source>
        <translation>%1 auf %2 gesetzt (%3).</translation>
    </message>
    <message>
        <source>%1 unset (%2): the global heartbeat applies again.</source>
        <translation>%1 zurückgesetzt (%2): Der globale Heartbeat gilt wieder.</translation>
    </message>
    <message>
        <source>%1 unset (%2): the default applies again.</source>
        <translation>%1 zurückgesetzt (%2): Der Standard gilt wieder.</translation>
    </message>
    <message>
        <source>set %1</source>
        <translation>%1 setzen</translation>
    </message>
    <message>
        <source>unset %1</source>
        <translation>%1 zurücksetzen</translation>
    </message>
    <message>
        <source>The server refused to %1: %2. Nothing was changed.</source>
        <translation>Der Server verweigerte „%1“: %2. Nichts wurde geändert.</translation>
    </message>
    <message>
        <source>Could not %1: %2. Nothing was changed.</source>
        <translation>„%1“ war nicht möglich: %2. Nichts wurde geändert.</translation>
    </message>
    <message>
        <source>Could not %1: %2. It may or may not have been changed: the table shows what the server holds now.</source>
        <translation>„%1“ war nicht möglich: %2. Der Wert wurde vielleicht geändert, vielleicht nicht: Die Tabelle zeigt, was der Server jetzt enthält.</translation>
    </message>
    <message>
        <source>The audit log could not be written: %1</source>
        <translation>Das Audit-Log konnte nicht geschrieben werden: %1</translation>
    </message>
</context>
<context>
    <name>ConfigModel</name>
    <message>
        <source>%1 (no limit)</source>
        <translation>%1 (keine Begrenzung)</translation>
    </message>
    <message>
        <source>Option</source>
        <translation>Option</translation>
    </message>
    <message>
        <source>In force</source>
        <translation>Wirksam</translation>
    </message>
    <message>
        <source>Override</source>
        <translation>Überschrieben</translation>
    </message>
    <message>
        <source>Default</source>
        <translation>Standard</translation>
    </message>
    <message>
        <source>What it does</source>
        <translation>Bedeutung</translation>
    </message>
    <message>
        <source>heartbeat (%1)</source>
        <translation>heartbeat (%1)</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keiner</translation>
    </message>
    <message>
        <source>A name for the deployment; qless&apos;s scripts do not use it</source>
        <translation>Ein Name für die Installation; qless’ Skripte verwenden ihn nicht</translation>
    </message>
    <message>
        <source>Seconds a popped job stays locked without a heartbeat; then it stalls</source>
        <translation>Sekunden, die ein abgerufener Job ohne Heartbeat gesperrt bleibt; danach hängt er</translation>
    </message>
    <message>
        <source>Seconds between telling a worker its lock ran out and handing the job on</source>
        <translation>Sekunden zwischen der Mitteilung an einen Worker, dass seine Sperre abgelaufen ist, und der Weitergabe des Jobs</translation>
    </message>
    <message>
        <source>Workers silent for this many seconds are dropped, with their job lists</source>
        <translation>Worker, die so viele Sekunden still sind, werden samt ihren Joblisten entfernt</translation>
    </message>
    <message>
        <source>Completed jobs older than this many seconds are deleted as jobs complete</source>
        <translation>Abgeschlossene Jobs, die älter als so viele Sekunden sind, werden gelöscht, sobald Jobs abschließen</translation>
    </message>
    <message>
        <source>At most this many completed jobs are kept; older ones are deleted</source>
        <translation>Höchstens so viele abgeschlossene Jobs werden aufbewahrt; ältere werden gelöscht</translation>
    </message>
    <message>
        <source>A job&apos;s history keeps at most this many entries; 0 or less: no limit</source>
        <translation>Der Verlauf eines Jobs behält höchstens so viele Einträge; 0 oder weniger: keine Begrenzung</translation>
    </message>
    <message>
        <source>Days of queue statistics to keep: stored only, no qless script expires statistics</source>
        <translation>Tage, für die Warteschlangenstatistiken aufbewahrt werden: nur gespeichert, kein qless-Skript lässt Statistiken verfallen</translation>
    </message>
    <message>
        <source>Days of wait and run histograms to keep: stored only, no qless script expires them</source>
        <translation>Tage, für die Warte- und Laufzeit-Histogramme aufbewahrt werden: nur gespeichert, kein qless-Skript lässt sie verfallen</translation>
    </message>
    <message>
        <source>At most this many jobs of queue %1 run at once; 0 or less: no limit</source>
        <translation>Höchstens so viele Jobs der Warteschlange %1 laufen gleichzeitig; 0 oder weniger: keine Begrenzung</translation>
    </message>
    <message>
        <source>Lock time of jobs popped from queue %1, instead of heartbeat</source>
        <translation>Sperrzeit der aus Warteschlange %1 abgerufenen Jobs, statt heartbeat</translation>
    </message>
    <message>
        <source>Not read by qless itself</source>
        <translation>Von qless selbst nicht gelesen</translation>
    </message>
    <message>
        <source>not set</source>
        <translation>nicht gesetzt</translation>
    </message>
    <message>
        <source>Not set: qless&apos;s default applies.</source>
        <translation>Nicht gesetzt: qless’ Standard gilt.</translation>
    </message>
    <message>
        <source>Not set for this queue: the global heartbeat applies.</source>
        <translation>Für diese Warteschlange nicht gesetzt: Der globale Heartbeat gilt.</translation>
    </message>
    <message>
        <source>Set in ql:config.</source>
        <translation>In ql:config gesetzt.</translation>
    </message>
</context>
<context>
    <name>ConfigPage</name>
    <message>
        <source>This connection is read-only: it was opened with &quot;Read-only&quot;, so qlessdesk sends nothing that changes data to this server. To change the configuration, connect again without &quot;Read-only&quot;.</source>
        <translation>Diese Verbindung ist schreibgeschützt: Sie wurde mit „Schreibgeschützt“ geöffnet, daher sendet qlessdesk nichts an diesen Server, was Daten ändert. Um die Konfiguration zu ändern, verbinden Sie sich erneut ohne „Schreibgeschützt“.</translation>
    </message>
    <message>
        <source>Set</source>
        <translation>Setzen</translation>
    </message>
    <message>
        <source>Reset to default</source>
        <translation>Auf Standard zurücksetzen</translation>
    </message>
    <message>
        <source>Set it anyway</source>
        <translation>Trotzdem setzen</translation>
    </message>
    <message>
        <source>Options</source>
        <translation>Optionen</translation>
    </message>
    <message>
        <source>Bold: set on this server (an override). Grey: not set, the default applies. Select an option to change it.</source>
        <translation>Fett: auf diesem Server gesetzt (überschrieben). Grau: nicht gesetzt, der Standard gilt. Wählen Sie eine Option, um sie zu ändern.</translation>
    </message>
    <message>
        <source>an option, e.g. crawl-heartbeat</source>
        <translation>eine Option, z. B. crawl-heartbeat</translation>
    </message>
    <message>
        <source>Select a row above, or type a name: &lt;queue&gt;-heartbeat sets the lock time of one queue, &lt;queue&gt;-max-concurrency how many of its jobs may run at once, also for a queue not listed yet.</source>
        <translation>Wählen Sie oben eine Zeile oder geben Sie einen Namen ein: &lt;queue&gt;-heartbeat setzt die Sperrzeit einer Warteschlange, &lt;queue&gt;-max-concurrency, wie viele ihrer Jobs gleichzeitig laufen dürfen, auch für eine noch nicht aufgeführte Warteschlange.</translation>
    </message>
    <message>
        <source>seconds</source>
        <translation>Sekunden</translation>
    </message>
    <message>
        <source>Store this value on the server (config set).</source>
        <translation>Diesen Wert auf dem Server speichern (config set).</translation>
    </message>
    <message>
        <source>Remove the override: qless&apos;s default applies again (config unset).</source>
        <translation>Überschreibung entfernen: qless’ Standard gilt wieder (config unset).</translation>
    </message>
    <message>
        <source>qless accepts this value: tick to send it as it is, knowing what it does.</source>
        <translation>qless akzeptiert diesen Wert: Ankreuzen, um ihn unverändert zu senden, im Wissen, was er bewirkt.</translation>
    </message>
    <message>
        <source>Change an option</source>
        <translation>Eine Option ändern</translation>
    </message>
    <message>
        <source>&amp;Option:</source>
        <translation>&amp;Option:</translation>
    </message>
    <message>
        <source>&amp;Value:</source>
        <translation>&amp;Wert:</translation>
    </message>
    <message>
        <source>Select an option in the table, or type a name (such as &lt;queue&gt;-heartbeat for one queue&apos;s lock time, or &lt;queue&gt;-max-concurrency).</source>
        <translation>Wählen Sie eine Option in der Tabelle oder geben Sie einen Namen ein (etwa &lt;queue&gt;-heartbeat für die Sperrzeit einer Warteschlange oder &lt;queue&gt;-max-concurrency).</translation>
    </message>
    <message>
        <source>Not set: queue %1 runs any number of jobs at once.</source>
        <translation>Nicht gesetzt: Warteschlange %1 führt beliebig viele Jobs gleichzeitig aus.</translation>
    </message>
    <message>
        <source>Not listed: queue %1 has no jobs yet, or is new. It uses the global heartbeat until this is set.</source>
        <translation>Nicht aufgeführt: Warteschlange %1 hat noch keine Jobs oder ist neu. Sie verwendet den globalen Heartbeat, bis dieser Wert gesetzt ist.</translation>
    </message>
    <message>
        <source>Not listed yet: setting it adds it.</source>
        <translation>Noch nicht aufgeführt: Setzen fügt sie hinzu.</translation>
    </message>
    <message>
        <source>Not set: the default (%1) applies.</source>
        <translation>Nicht gesetzt: Der Standard (%1) gilt.</translation>
    </message>
    <message>
        <source>Not set for this queue: the global heartbeat (%1) applies.</source>
        <translation>Für diese Warteschlange nicht gesetzt: Der globale Heartbeat (%1) gilt.</translation>
    </message>
    <message>
        <source>Set to %1 on this server; qless has no default for it.</source>
        <translation>Auf diesem Server auf %1 gesetzt; qless hat dafür keinen Standard.</translation>
    </message>
    <message>
        <source>Set to %1 on this server; reset, it would be %2.</source>
        <translation>Auf diesem Server auf %1 gesetzt; zurückgesetzt wäre es %2.</translation>
    </message>
    <message>
        <source>a whole number of %1, such as %2</source>
        <translation>eine ganze Zahl %1, etwa %2</translation>
    </message>
    <message>
        <source>a number of %1, such as %2</source>
        <translation>eine Anzahl %1, etwa %2</translation>
    </message>
    <message>
        <source>text</source>
        <translation>Text</translation>
    </message>
    <message>
        <source>Remove the override: the default (%1) applies again (config unset).</source>
        <translation>Überschreibung entfernen: Der Standard (%1) gilt wieder (config unset).</translation>
    </message>
    <message>
        <source>the global heartbeat</source>
        <translation>der globale Heartbeat</translation>
    </message>
    <message>
        <source>Nothing to reset: this option is not set on this server.</source>
        <translation>Nichts zurückzusetzen: Diese Option ist auf diesem Server nicht gesetzt.</translation>
    </message>
    <message>
        <source>Writing %1…</source>
        <translation>%1 wird geschrieben…</translation>
    </message>
    <message>
        <source>Config</source>
        <translation>Konfiguration</translation>
    </message>
</context>
<context>
    <name>ConnectionBar</name>
    <message>
        <source>read-only</source>
        <translation>schreibgeschützt</translation>
    </message>
    <message>
        <source>Opened read-only: every action is disabled.</source>
        <translation>Schreibgeschützt geöffnet: Jede Aktion ist deaktiviert.</translation>
    </message>
    <message>
        <source>Refresh: off</source>
        <translation>Abruf: aus</translation>
    </message>
    <message numerus="yes">
        <source>Refresh: every %n s</source>
        <translation>
            <numerusform>Abruf: alle %n s</numerusform>
            <numerusform>Abruf: alle %n s</numerusform>
        </translation>
    </message>
    <message>
        <source>How often the page on screen reads Redis again</source>
        <translation>Wie oft die angezeigte Seite Redis erneut liest</translation>
    </message>
    <message>
        <source>Refresh now (F5)</source>
        <translation>Jetzt aktualisieren (F5)</translation>
    </message>
    <message>
        <source>Refresh now</source>
        <translation>Jetzt aktualisieren</translation>
    </message>
    <message>
        <source>Refresh interval</source>
        <translation>Aktualisierungsintervall</translation>
    </message>
    <message>
        <source>Connect…</source>
        <translation>Verbinden…</translation>
    </message>
    <message>
        <source>Connect to another server or profile (Ctrl+O)</source>
        <translation>Mit einem anderen Server oder Profil verbinden (Strg+O)</translation>
    </message>
    <message>
        <source>Reconnect</source>
        <translation>Neu verbinden</translation>
    </message>
    <message>
        <source>Drop the connection to this server and open it again now (Ctrl+Shift+R): for a link that seems dead though it looks connected, a server fixed after a failure, or to skip the wait before the next attempt. Reads in flight are sent again; writes in flight are reported as not known to have run.</source>
        <translation>Die Verbindung zu diesem Server trennen und sofort neu öffnen (Strg+Umschalt+R): für eine Verbindung, die tot scheint, obwohl sie verbunden aussieht, einen nach einem Ausfall reparierten Server oder um die Wartezeit bis zum nächsten Versuch zu überspringen. Laufende Lesevorgänge werden erneut gesendet; bei laufenden Schreibvorgängen wird gemeldet, dass unbekannt ist, ob sie ausgeführt wurden.</translation>
    </message>
    <message>
        <source>Find a job id or tag (Ctrl+F)</source>
        <translation>Eine Job-ID oder ein Tag suchen (Strg+F)</translation>
    </message>
    <message>
        <source>Find a job or tag</source>
        <translation>Job oder Tag suchen</translation>
    </message>
    <message>
        <source>A jid opens its job, anything else lists that tag (Ctrl+F). A jid dropped here opens its job at once.</source>
        <translation>Eine Jid öffnet ihren Job, alles andere listet dieses Tag auf (Strg+F). Eine hier abgelegte Jid öffnet ihren Job sofort.</translation>
    </message>
    <message>
        <source>stale: data from %1 (%2)</source>
        <translation>veraltet: Stand %1 (%2)</translation>
    </message>
    <message numerus="yes">
        <source>%n s ago</source>
        <translation>
            <numerusform>vor %n s</numerusform>
            <numerusform>vor %n s</numerusform>
        </translation>
    </message>
    <message>
        <source>reconnecting</source>
        <translation>verbindet neu</translation>
    </message>
    <message>
        <source>just now</source>
        <translation>gerade eben</translation>
    </message>
    <message>
        <source>updated %1</source>
        <translation>aktualisiert %1</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
</context>
<context>
    <name>ConnectionDialog</name>
    <message>
        <source>&amp;Connect</source>
        <translation>&amp;Verbinden</translation>
    </message>
    <message>
        <source>&amp;Save Profile</source>
        <translation>Profil &amp;speichern</translation>
    </message>
    <message>
        <source>De&amp;lete Profile</source>
        <translation>Profil &amp;löschen</translation>
    </message>
    <message>
        <source>Connect to Redis</source>
        <translation>Mit Redis verbinden</translation>
    </message>
    <message>
        <source>a name saves this connection (without its password)</source>
        <translation>ein Name speichert diese Verbindung (ohne Passwort)</translation>
    </message>
    <message>
        <source>Saved the profile &quot;%1&quot;.</source>
        <translation>Profil „%1“ gespeichert.</translation>
    </message>
    <message>
        <source>P&amp;rofile:</source>
        <translation>P&amp;rofil:</translation>
    </message>
    <message>
        <source>&amp;Name:</source>
        <translation>&amp;Name:</translation>
    </message>
    <message>
        <source>Saved connections</source>
        <translation>Gespeicherte Verbindungen</translation>
    </message>
    <message>
        <source>New connection</source>
        <translation>Neue Verbindung</translation>
    </message>
    <message>
        <source>enter the password (asked each time: no keychain)</source>
        <translation>Passwort eingeben (wird jedes Mal abgefragt: kein Schlüsselbund)</translation>
    </message>
    <message>
        <source>reading the keychain…</source>
        <translation>Schlüsselbund wird gelesen…</translation>
    </message>
    <message>
        <source>not in the keychain: enter the password</source>
        <translation>nicht im Schlüsselbund: Passwort eingeben</translation>
    </message>
    <message>
        <source>The password could not be read from the keychain: %1</source>
        <translation>Das Passwort konnte nicht aus dem Schlüsselbund gelesen werden: %1</translation>
    </message>
    <message>
        <source>The password could not be saved in the keychain: %1 It is kept in memory for this session only.</source>
        <translation>Das Passwort konnte nicht im Schlüsselbund gespeichert werden: %1 Es wird nur für diese Sitzung im Speicher gehalten.</translation>
    </message>
    <message>
        <source>The password could not be removed from the keychain: %1</source>
        <translation>Das Passwort konnte nicht aus dem Schlüsselbund entfernt werden: %1</translation>
    </message>
    <message>
        <source>No keychain is available, so passwords are not saved: they are asked for each time and kept in memory until qlessdesk quits.</source>
        <translation>Kein Schlüsselbund verfügbar, daher werden Passwörter nicht gespeichert: Sie werden jedes Mal abgefragt und bis zum Beenden von qlessdesk im Speicher gehalten.</translation>
    </message>
    <message>
        <source>Delete Profile</source>
        <translation>Profil löschen</translation>
    </message>
    <message>
        <source>Delete the profile &quot;%1&quot; and its saved password?</source>
        <translation>Das Profil „%1“ und sein gespeichertes Passwort löschen?</translation>
    </message>
    <message>
        <source>Deleted the profile &quot;%1&quot;.</source>
        <translation>Profil „%1“ gelöscht.</translation>
    </message>
</context>
<context>
    <name>ConnectionForm</name>
    <message>
        <source>Server</source>
        <translation>Server</translation>
    </message>
    <message>
        <source>TLS</source>
        <translation>TLS</translation>
    </message>
    <message>
        <source>Choose the CA certificate</source>
        <translation>CA-Zertifikat wählen</translation>
    </message>
    <message>
        <source>Certificates (*.pem *.crt *.cer)</source>
        <translation>Zertifikate (*.pem *.crt *.cer)</translation>
    </message>
    <message>
        <source>Choose the client certificate</source>
        <translation>Client-Zertifikat wählen</translation>
    </message>
    <message>
        <source>Choose the client certificate&apos;s private key</source>
        <translation>Privaten Schlüssel des Client-Zertifikats wählen</translation>
    </message>
    <message>
        <source>Private keys (*.pem *.key)</source>
        <translation>Private Schlüssel (*.pem *.key)</translation>
    </message>
    <message>
        <source>Verify the server&apos;s certificate</source>
        <translation>Zertifikat des Servers prüfen</translation>
    </message>
    <message>
        <source>Unix socket</source>
        <translation>Unix-Socket</translation>
    </message>
    <message>
        <source>Choose the server&apos;s unix socket</source>
        <translation>Unix-Socket des Servers wählen</translation>
    </message>
    <message>
        <source>Sockets (*.sock)</source>
        <translation>Sockets (*.sock)</translation>
    </message>
    <message>
        <source>Sentinel</source>
        <translation>Sentinel</translation>
    </message>
    <message>
        <source>Login</source>
        <translation>Anmeldung</translation>
    </message>
    <message>
        <source>Remember the password in the keychain</source>
        <translation>Passwort im Schlüsselbund merken</translation>
    </message>
    <message>
        <source>Read-only: refuse every command that changes data</source>
        <translation>Schreibgeschützt: jeden Befehl ablehnen, der Daten ändert</translation>
    </message>
    <message>
        <source>TCP</source>
        <translation>TCP</translation>
    </message>
    <message>
        <source>host name or address</source>
        <translation>Hostname oder Adresse</translation>
    </message>
    <message>
        <source>the system&apos;s certificate authorities</source>
        <translation>die Zertifizierungsstellen des Systems</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <source>the host name</source>
        <translation>der Hostname</translation>
    </message>
    <message>
        <source>host:26379, host:26379, …</source>
        <translation>host:26379, host:26379, …</translation>
    </message>
    <message>
        <source>default</source>
        <translation>Standard</translation>
    </message>
    <message>
        <source>Watch only: qlessdesk refuses every action that would change the queues, before it reaches Redis.</source>
        <translation>Nur beobachten: qlessdesk lehnt jede Aktion, die die Warteschlangen ändern würde, ab, bevor sie Redis erreicht.</translation>
    </message>
    <message>
        <source>&amp;URL:</source>
        <translation>&amp;URL:</translation>
    </message>
    <message>
        <source>Conn&amp;ect via:</source>
        <translation>Verbinden &amp;über:</translation>
    </message>
    <message>
        <source>&amp;Port:</source>
        <translation>&amp;Port:</translation>
    </message>
    <message>
        <source>&amp;Host:</source>
        <translation>&amp;Host:</translation>
    </message>
    <message>
        <source>C&amp;A certificate:</source>
        <translation>C&amp;A-Zertifikat:</translation>
    </message>
    <message>
        <source>Client &amp;certificate:</source>
        <translation>&amp;Client-Zertifikat:</translation>
    </message>
    <message>
        <source>Private &amp;key:</source>
        <translation>Privater &amp;Schlüssel:</translation>
    </message>
    <message>
        <source>Server &amp;name (SNI):</source>
        <translation>Server&amp;name (SNI):</translation>
    </message>
    <message>
        <source>&amp;Socket path:</source>
        <translation>&amp;Socket-Pfad:</translation>
    </message>
    <message>
        <source>Se&amp;ntinels:</source>
        <translation>Se&amp;ntinels:</translation>
    </message>
    <message>
        <source>&amp;Master name:</source>
        <translation>&amp;Master-Name:</translation>
    </message>
    <message>
        <source>&amp;Database:</source>
        <translation>&amp;Datenbank:</translation>
    </message>
    <message>
        <source>U&amp;ser:</source>
        <translation>&amp;Benutzer:</translation>
    </message>
    <message>
        <source>Pass&amp;word:</source>
        <translation>Pass&amp;wort:</translation>
    </message>
    <message>
        <source>Address</source>
        <translation>Adresse</translation>
    </message>
    <message>
        <source>The URL cannot be used: fix it or clear it.</source>
        <translation>Die URL ist nicht verwendbar: Korrigieren oder leeren Sie sie.</translation>
    </message>
    <message>
        <source>This URL cannot be read: %1.</source>
        <translation>Diese URL ist nicht lesbar: %1.</translation>
    </message>
    <message>
        <source>Keep the password in the system keychain, so that it is not asked for again.</source>
        <translation>Das Passwort im Schlüsselbund des Systems aufbewahren, damit es nicht erneut abgefragt wird.</translation>
    </message>
    <message>
        <source>No keychain is available on this system (%1). The password is asked for each time and kept in memory for this session only, never written to disk.</source>
        <translation>Auf diesem System ist kein Schlüsselbund verfügbar (%1). Das Passwort wird jedes Mal abgefragt und nur für diese Sitzung im Speicher gehalten, nie auf die Festplatte geschrieben.</translation>
    </message>
    <message>
        <source>Use &amp;TLS to reach the sentinels and the master</source>
        <translation>&amp;TLS für die Sentinels und den Master verwenden</translation>
    </message>
    <message>
        <source>redis://, rediss://, unix://, redis-sentinel://, rediss-sentinel://</source>
        <translation>redis://, rediss://, unix://, redis-sentinel://, rediss-sentinel://</translation>
    </message>
    <message>
        <source>As rediss-sentinel:// does: the sentinels and the master they name are reached over TLS, with the TLS options below for all of them.</source>
        <translation>Wie bei rediss-sentinel://: Die Sentinels und der Master, den sie nennen, werden über TLS erreicht, alle mit den TLS-Optionen darunter.</translation>
    </message>
</context>
<context>
    <name>ConnectionProfile</name>
    <message>
        <source>Enter at least one sentinel as host:port.</source>
        <translation>Geben Sie mindestens einen Sentinel als host:port ein.</translation>
    </message>
    <message>
        <source>A client certificate needs its private key file.</source>
        <translation>Ein Client-Zertifikat braucht seine Datei mit dem privaten Schlüssel.</translation>
    </message>
    <message>
        <source>A private key needs its client certificate file.</source>
        <translation>Ein privater Schlüssel braucht seine Client-Zertifikatsdatei.</translation>
    </message>
    <message>
        <source>Enter the server&apos;s host name or address.</source>
        <translation>Geben Sie den Hostnamen oder die Adresse des Servers ein.</translation>
    </message>
    <message>
        <source>The port must be a number from 1 to 65535.</source>
        <translation>Der Port muss eine Zahl von 1 bis 65535 sein.</translation>
    </message>
    <message>
        <source>Enter the path of the server&apos;s unix socket.</source>
        <translation>Geben Sie den Pfad des Unix-Sockets des Servers ein.</translation>
    </message>
    <message>
        <source>Enter the name of the master the sentinels watch.</source>
        <translation>Geben Sie den Namen des Masters ein, den die Sentinels überwachen.</translation>
    </message>
    <message>
        <source>The database must be a whole number, 0 or more.</source>
        <translation>Die Datenbank muss eine ganze Zahl sein, 0 oder größer.</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a sentinel address (host:port, port 1 to 65535).</source>
        <translation>„%1“ ist keine Sentinel-Adresse (host:port, Port 1 bis 65535).</translation>
    </message>
</context>
<context>
    <name>ConnectionStateText</name>
    <message>
        <source>not connected</source>
        <translation>nicht verbunden</translation>
    </message>
    <message>
        <source>connecting</source>
        <translation>verbindet</translation>
    </message>
    <message>
        <source>connected</source>
        <translation>verbunden</translation>
    </message>
    <message>
        <source>reconnecting</source>
        <translation>verbindet neu</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>fehlgeschlagen</translation>
    </message>
    <message>
        <source>closed</source>
        <translation>geschlossen</translation>
    </message>
    <message>
        <source>connecting to %1</source>
        <translation>verbindet mit %1</translation>
    </message>
    <message>
        <source>connected to %1</source>
        <translation>verbunden mit %1</translation>
    </message>
    <message numerus="yes">
        <source>reconnecting in %n s: %1</source>
        <translation>
            <numerusform>neue Verbindung in %n s: %1</numerusform>
            <numerusform>neue Verbindung in %n s: %1</numerusform>
        </translation>
    </message>
    <message>
        <source>failed: %1</source>
        <translation>fehlgeschlagen: %1</translation>
    </message>
</context>
<context>
    <name>DependencyGraphWindow</name>
    <message>
        <source>&amp;Refresh</source>
        <translation>Akt&amp;ualisieren</translation>
    </message>
    <message>
        <source>Wheel or +/− zoom, drag pans, F fits, Home goes to this job; arrow keys walk from the selected job; Enter opens it, the context menu acts on it</source>
        <translation>Mausrad oder +/− zoomen, Ziehen verschiebt, F zeigt alles, Pos1 geht zu diesem Job; Pfeiltasten gehen vom gewählten Job weiter; Enter öffnet ihn, das Kontextmenü handelt an ihm</translation>
    </message>
    <message>
        <source>&amp;Fit</source>
        <translation>A&amp;lles zeigen</translation>
    </message>
    <message>
        <source>Show the whole graph (F)</source>
        <translation>Den ganzen Graphen zeigen (F)</translation>
    </message>
    <message>
        <source>Read the graph again (F5)</source>
        <translation>Den Graphen neu lesen (F5)</translation>
    </message>
    <message>
        <source>Reading… %1 of %2 jobs found so far</source>
        <translation>Lese… %1 von bisher %2 gefundenen Jobs</translation>
    </message>
    <message>
        <source>Dependencies of job %1 — qlessdesk</source>
        <translation>Abhängigkeiten von Job %1 — qlessdesk</translation>
    </message>
    <message>
        <source>Reading…</source>
        <translation>Lese…</translation>
    </message>
    <message>
        <source>Job %1 waits on %2 (%3 up) and %4 (%5 down). Read: at most %6 jobs, %7 steps either way; qless drops a link when its dependency completes, so only what still waits is shown.</source>
        <translation>Job %1 wartet auf %2 (%3 aufwärts), und %4 (%5 abwärts). Gelesen: höchstens %6 Jobs, %7 Schritte in jede Richtung; qless löscht eine Verknüpfung, sobald ihre Abhängigkeit abgeschlossen ist, daher ist nur gezeigt, was noch wartet.</translation>
    </message>
    <message numerus="yes">
        <source>%n job(s)</source>
        <translation>
            <numerusform>%n Job</numerusform>
            <numerusform>%n Jobs</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n step(s)</source>
        <translation>
            <numerusform>%n Schritt</numerusform>
            <numerusform>%n Schritte</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n job(s) waiting on it</source>
        <translation>
            <numerusform>%n Job, der auf ihn wartet</numerusform>
            <numerusform>%n Jobs, die auf ihn warten</numerusform>
        </translation>
    </message>
    <message>
        <source>Stopped at %1 jobs.</source>
        <translation>Bei %1 Jobs angehalten.</translation>
    </message>
    <message numerus="yes">
        <source>Stopped %n step(s) away.</source>
        <translation>
            <numerusform>%n Schritt entfernt angehalten.</numerusform>
            <numerusform>%n Schritte entfernt angehalten.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n link(s) to jobs not read: the boxes marked +N have more beyond them.</source>
        <translation>
            <numerusform>%n Verknüpfung zu nicht gelesenen Jobs: hinter den mit +N markierten Kästen geht es weiter.</numerusform>
            <numerusform>%n Verknüpfungen zu nicht gelesenen Jobs: hinter den mit +N markierten Kästen geht es weiter.</numerusform>
        </translation>
    </message>
    <message>
        <source>A read failed (%1): this is what was read before it.</source>
        <translation>Ein Lesen schlug fehl (%1): gezeigt ist, was davor gelesen wurde.</translation>
    </message>
    <message>
        <source>Open job %1</source>
        <translation>Job %1 öffnen</translation>
    </message>
    <message>
        <source>Show this job&apos;s dependencies</source>
        <translation>Abhängigkeiten dieses Jobs zeigen</translation>
    </message>
</context>
<context>
    <name>DurationText</name>
    <message>
        <source>n/a</source>
        <translation>k. A.</translation>
    </message>
    <message>
        <source>0 s</source>
        <translation>0 s</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 ms</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>%1 min %2 s</source>
        <translation>%1 min %2 s</translation>
    </message>
    <message>
        <source>%1 min</source>
        <translation>%1 min</translation>
    </message>
    <message>
        <source>%1 h %2 min</source>
        <translation>%1 h %2 min</translation>
    </message>
    <message>
        <source>%1 h</source>
        <translation>%1 h</translation>
    </message>
    <message>
        <source>%1 d %2 h</source>
        <translation>%1 d %2 h</translation>
    </message>
    <message>
        <source>%1 d</source>
        <translation>%1 d</translation>
    </message>
</context>
<context>
    <name>EventLogModel</name>
    <message>
        <source>Events skipped, the console fell behind: %1</source>
        <translation>Ereignisse übersprungen, die Konsole kam nicht nach: %1</translation>
    </message>
    <message>
        <source>%1 (tracked)</source>
        <translation>%1 (verfolgt)</translation>
    </message>
    <message>
        <source>Events lost from %1 to %2 (%3 s): %4</source>
        <translation>Ereignisse verloren von %1 bis %2 (%3 s): %4</translation>
    </message>
    <message>
        <source>Unreadable: %1: %2</source>
        <translation>Unlesbar: %1: %2</translation>
    </message>
    <message>
        <source>put</source>
        <translation>eingereiht</translation>
    </message>
    <message>
        <source>popped</source>
        <translation>abgerufen</translation>
    </message>
    <message>
        <source>completed</source>
        <translation>abgeschlossen</translation>
    </message>
    <message>
        <source>advanced</source>
        <translation>weitergereicht</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>fehlgeschlagen</translation>
    </message>
    <message>
        <source>stalled</source>
        <translation>hängen geblieben</translation>
    </message>
    <message>
        <source>lock_lost</source>
        <translation>Sperre verloren</translation>
    </message>
    <message>
        <source>canceled</source>
        <translation>abgebrochen</translation>
    </message>
    <message>
        <source>track</source>
        <translation>verfolgt</translation>
    </message>
    <message>
        <source>untrack</source>
        <translation>nicht mehr verfolgt</translation>
    </message>
    <message>
        <source>config_set</source>
        <translation>Konfig. gesetzt</translation>
    </message>
    <message>
        <source>config_unset</source>
        <translation>Konfig. zurückgesetzt</translation>
    </message>
    <message>
        <source>gap</source>
        <translation>Lücke</translation>
    </message>
    <message>
        <source>Channel: %1</source>
        <translation>Kanal: %1</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>Zeit</translation>
    </message>
    <message>
        <source>Event</source>
        <translation>Ereignis</translation>
    </message>
    <message>
        <source>Queue</source>
        <translation>Warteschlange</translation>
    </message>
    <message>
        <source>Jid</source>
        <translation>Jid</translation>
    </message>
    <message>
        <source>Class</source>
        <translation>Klasse</translation>
    </message>
    <message>
        <source>Worker</source>
        <translation>Worker</translation>
    </message>
    <message>
        <source>Detail</source>
        <translation>Detail</translation>
    </message>
</context>
<context>
    <name>EventsPage</name>
    <message>
        <source>Queue</source>
        <translation>Warteschlange</translation>
    </message>
    <message>
        <source>Filter by queue</source>
        <translation>Nach Warteschlange filtern</translation>
    </message>
    <message>
        <source>Class</source>
        <translation>Klasse</translation>
    </message>
    <message>
        <source>Filter by class</source>
        <translation>Nach Klasse filtern</translation>
    </message>
    <message>
        <source>Jid</source>
        <translation>Jid</translation>
    </message>
    <message>
        <source>Filter by jid</source>
        <translation>Nach Jid filtern</translation>
    </message>
    <message>
        <source>&amp;Pause</source>
        <translation>&amp;Pausieren</translation>
    </message>
    <message>
        <source>C&amp;lear</source>
        <translation>&amp;Leeren</translation>
    </message>
    <message>
        <source>Events</source>
        <translation>Ereignisse</translation>
    </message>
    <message>
        <source>Filter by event</source>
        <translation>Nach Ereignis filtern</translation>
    </message>
    <message>
        <source>All events</source>
        <translation>Alle Ereignisse</translation>
    </message>
    <message>
        <source>Pause the table</source>
        <translation>Tabelle anhalten</translation>
    </message>
    <message>
        <source>Hold the table still; events go on being counted and appear on resume.</source>
        <translation>Hält die Tabelle still; Ereignisse werden weiter gezählt und erscheinen beim Fortsetzen.</translation>
    </message>
    <message>
        <source>Clear the table</source>
        <translation>Tabelle leeren</translation>
    </message>
    <message>
        <source>Forget the events listed so far (the counts stay).</source>
        <translation>Die bisher aufgeführten Ereignisse vergessen (die Zähler bleiben).</translation>
    </message>
    <message>
        <source>Events per second</source>
        <translation>Ereignisse pro Sekunde</translation>
    </message>
    <message>
        <source>What qless publishes, as it happens: this console&apos;s changes and every other client&apos;s. Double-click an event to open its job.</source>
        <translation>Was qless veröffentlicht, sobald es geschieht: die Änderungen dieser Konsole und die jedes anderen Clients. Ein Doppelklick auf ein Ereignis öffnet seinen Job.</translation>
    </message>
    <message>
        <source>&amp;Resume</source>
        <translation>&amp;Fortsetzen</translation>
    </message>
    <message>
        <source>received: %1</source>
        <translation>empfangen: %1</translation>
    </message>
    <message>
        <source>gaps: %1</source>
        <translation>Lücken: %1</translation>
    </message>
    <message>
        <source>let go: %1 (the newest %2 are kept)</source>
        <translation>verworfen: %1 (die neuesten %2 bleiben)</translation>
    </message>
    <message>
        <source>paused, waiting: %1</source>
        <translation>angehalten, wartend: %1</translation>
    </message>
    <message>
        <source>listed: %1 of %2</source>
        <translation>aufgeführt: %1 von %2</translation>
    </message>
    <message>
        <source>%1/s</source>
        <translation>%1/s</translation>
    </message>
    <message>
        <source>Listening</source>
        <translation>Empfängt</translation>
    </message>
    <message>
        <source>Connecting…</source>
        <translation>Verbindet…</translation>
    </message>
    <message>
        <source>Stream lost, reconnecting: events now are missed (a gap row will say when)</source>
        <translation>Stream verloren, verbindet neu: Ereignisse gehen jetzt verloren (eine Lückenzeile nennt den Zeitraum)</translation>
    </message>
    <message>
        <source>No event stream: %1</source>
        <translation>Kein Ereignis-Stream: %1</translation>
    </message>
    <message>
        <source>Closed</source>
        <translation>Geschlossen</translation>
    </message>
    <message>
        <source>No event stream: this Redis user may not subscribe to qless&apos;s channels, so no event can be shown. Give it &amp;ql:* (ACL channel permissions; Redis 7 gives a new user none).</source>
        <translation>Kein Ereignisstrom: Dieser Redis-Benutzer darf die Kanäle von qless nicht abonnieren, daher kann kein Ereignis angezeigt werden. Geben Sie ihm &amp;ql:* (ACL-Kanalrechte; Redis 7 gibt einem neuen Benutzer keine).</translation>
    </message>
</context>
<context>
    <name>ExportChartDialog</name>
    <message>
        <source> px</source>
        <translation> px</translation>
    </message>
    <message>
        <source>Width</source>
        <translation>Breite</translation>
    </message>
    <message>
        <source>Height</source>
        <translation>Höhe</translation>
    </message>
    <message>
        <source>De&amp;fault</source>
        <translation>S&amp;tandard</translation>
    </message>
    <message>
        <source>%1 × %2 pixels</source>
        <translation>%1 × %2 Pixel</translation>
    </message>
    <message>
        <source>PNG, SVG and PDF are drawn afresh at this size; CSV holds the numbers.</source>
        <translation>PNG, SVG und PDF werden in dieser Größe neu gezeichnet; CSV enthält die Zahlen.</translation>
    </message>
    <message>
        <source>&amp;Chart:</source>
        <translation>&amp;Diagramm:</translation>
    </message>
    <message>
        <source>Size:</source>
        <translation>Größe:</translation>
    </message>
</context>
<context>
    <name>FailedPage</name>
    <message>
        <source>Retry all</source>
        <translation>Alle wiederholen</translation>
    </message>
    <message>
        <source>Move all…</source>
        <translation>Alle verschieben…</translation>
    </message>
    <message>
        <source>Cancel all…</source>
        <translation>Alle abbrechen…</translation>
    </message>
    <message>
        <source>Clusters…</source>
        <translation>Cluster…</translation>
    </message>
    <message>
        <source>Failure groups</source>
        <translation>Fehlergruppen</translation>
    </message>
    <message>
        <source>The group chosen here lists its jobs beside</source>
        <translation>Die hier gewählte Gruppe listet daneben ihre Jobs auf</translation>
    </message>
    <message>
        <source>Choose a failure group to list its jobs</source>
        <translation>Fehlergruppe wählen, um ihre Jobs zu sehen</translation>
    </message>
    <message>
        <source>Every job of the group back into the queue it failed in</source>
        <translation>Jeden Job der Gruppe zurück in die Warteschlange, in der er fehlschlug</translation>
    </message>
    <message>
        <source>Every job of the group into a queue you choose</source>
        <translation>Jeden Job der Gruppe in eine Warteschlange Ihrer Wahl</translation>
    </message>
    <message>
        <source>Delete every job of the group</source>
        <translation>Jeden Job der Gruppe löschen</translation>
    </message>
    <message>
        <source>Read the whole group and gather its failures by what actually went wrong</source>
        <translation>Die ganze Gruppe lesen und ihre Fehler danach ordnen, was tatsächlich schiefging</translation>
    </message>
    <message>
        <source>Failure message</source>
        <translation>Fehlermeldung</translation>
    </message>
    <message>
        <source>The full failure message of the job under the cursor shows here.</source>
        <translation>Hier erscheint die vollständige Fehlermeldung des Jobs unter dem Cursor.</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 von %2</translation>
    </message>
    <message>
        <source>Failure groups: %1, failed jobs: %2</source>
        <translation>Fehlergruppen: %1, fehlgeschlagene Jobs: %2</translation>
    </message>
    <message>
        <source>%1: this jid is listed in the group, but its job data is gone from Redis.</source>
        <translation>%1: Diese Jid ist in der Gruppe aufgeführt, aber ihre Jobdaten sind aus Redis verschwunden.</translation>
    </message>
    <message>
        <source>%1 has no failure recorded (state: %2).</source>
        <translation>Für %1 ist kein Fehler verzeichnet (Zustand: %2).</translation>
    </message>
    <message>
        <source>%1 failed in %2 on %3 at %4 (group %5)

</source>
        <translation>%1 schlug in %2 auf %3 am %4 fehl (Gruppe %5)

</translation>
    </message>
    <message>
        <source>

(The whole message could not be read: %1)</source>
        <translation>

(Die vollständige Meldung konnte nicht gelesen werden: %1)</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>Fehlgeschlagen</translation>
    </message>
</context>
<context>
    <name>FailureClusterModel</name>
    <message>
        <source>(no backtrace)</source>
        <translation>(kein Backtrace)</translation>
    </message>
    <message>
        <source>Newest (%1):
%2</source>
        <translation>Neuester (%1):
%2</translation>
    </message>
    <message>
        <source>Failures</source>
        <translation>Fehler</translation>
    </message>
    <message>
        <source>What went wrong</source>
        <translation>Was schiefging</translation>
    </message>
    <message>
        <source>Where</source>
        <translation>Wo</translation>
    </message>
    <message>
        <source>First</source>
        <translation>Erster</translation>
    </message>
    <message>
        <source>Last</source>
        <translation>Letzter</translation>
    </message>
</context>
<context>
    <name>FailureClustersDialog</name>
    <message>
        <source>Stop reading</source>
        <translation>Lesen anhalten</translation>
    </message>
    <message>
        <source>Retry</source>
        <translation>Erneut versuchen</translation>
    </message>
    <message>
        <source>Move…</source>
        <translation>Verschieben…</translation>
    </message>
    <message>
        <source>Cancel jobs</source>
        <translation>Jobs abbrechen</translation>
    </message>
    <message>
        <source>Failure clusters of %1</source>
        <translation>Fehler-Cluster von %1</translation>
    </message>
    <message>
        <source>Failure clusters</source>
        <translation>Fehler-Cluster</translation>
    </message>
    <message>
        <source>The failures of %1 gathered by what went wrong, biggest first</source>
        <translation>Die Fehler von %1, geordnet nach dem, was schiefging, größte zuerst</translation>
    </message>
    <message>
        <source>Newest failure of the cluster</source>
        <translation>Neuester Fehler des Clusters</translation>
    </message>
    <message>
        <source>Failures read</source>
        <translation>Gelesene Fehler</translation>
    </message>
    <message>
        <source>The newest failure of the cluster under the cursor shows here.</source>
        <translation>Hier erscheint der neueste Fehler des Clusters unter dem Cursor.</translation>
    </message>
    <message>
        <source>Put every job of the selected clusters back into the queue it failed in</source>
        <translation>Jeden Job der gewählten Cluster zurück in die Warteschlange stellen, in der er fehlschlug</translation>
    </message>
    <message>
        <source>Move every job of the selected clusters into a queue you choose</source>
        <translation>Jeden Job der gewählten Cluster in eine Warteschlange Ihrer Wahl verschieben</translation>
    </message>
    <message>
        <source>Delete every job of the selected clusters</source>
        <translation>Jeden Job der gewählten Cluster löschen</translation>
    </message>
    <message>
        <source>Reading the failures of %1…</source>
        <translation>Die Fehler von %1 werden gelesen…</translation>
    </message>
    <message>
        <source>Could not read the failures of %1: %2</source>
        <translation>Die Fehler von %1 konnten nicht gelesen werden: %2</translation>
    </message>
    <message>
        <source>Newest of %1: &lt;a href=&quot;job&quot;&gt;%2&lt;/a&gt;</source>
        <translation>Neuester von %1: &lt;a href=&quot;job&quot;&gt;%2&lt;/a&gt;</translation>
    </message>
    <message numerus="yes">
        <source>%n cluster(s) of failure group %1</source>
        <translation>
            <numerusform>%n Cluster der Fehlergruppe %1</numerusform>
            <numerusform>%n Cluster der Fehlergruppe %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Reading the failures of %1: %2 of %3, %Ln cluster(s) so far</source>
        <translation>
            <numerusform>Die Fehler von %1 werden gelesen: %2 von %3, bisher %Ln Cluster</numerusform>
            <numerusform>Die Fehler von %1 werden gelesen: %2 von %3, bisher %Ln Cluster</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 in %2</source>
        <comment>failures of a group, in clusters</comment>
        <translation>%1 in %2</translation>
    </message>
    <message numerus="yes">
        <source>%Ln failure(s) of %1</source>
        <translation>
            <numerusform>%Ln Fehler von %1</numerusform>
            <numerusform>%Ln Fehler von %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln cluster(s)</source>
        <translation>
            <numerusform>%Ln Cluster</numerusform>
            <numerusform>%Ln Clustern</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> (%Ln listed job(s) gone or unreadable, left out)</source>
        <translation>
            <numerusform> (%Ln aufgeführter Job verschwunden oder unlesbar, ausgelassen)</numerusform>
            <numerusform> (%Ln aufgeführte Jobs verschwunden oder unlesbar, ausgelassen)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Stopped after %1 of %Ln failure(s): the clusters below are of those only</source>
        <translation>
            <numerusform>Angehalten nach %1 von %Ln Fehler: Die Cluster unten beruhen nur auf diesen</numerusform>
            <numerusform>Angehalten nach %1 von %Ln Fehlern: Die Cluster unten beruhen nur auf diesen</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>FailureGroupModel</name>
    <message>
        <source>newest job unreadable: %1</source>
        <translation>neuester Job unlesbar: %1</translation>
    </message>
    <message>
        <source>Group</source>
        <translation>Gruppe</translation>
    </message>
    <message>
        <source>Jobs</source>
        <translation>Jobs</translation>
    </message>
    <message>
        <source>Newest</source>
        <translation>Neuester</translation>
    </message>
    <message>
        <source>Newest message</source>
        <translation>Neueste Meldung</translation>
    </message>
    <message>
        <source>%1 ago</source>
        <translation>vor %1</translation>
    </message>
    <message>
        <source>Newest failure in %1 at %2:
%3</source>
        <translation>Neuester Fehler in %1 am %2:
%3</translation>
    </message>
</context>
<context>
    <name>FailureTimingView</name>
    <message>
        <source>Measure timing</source>
        <translation>Zeiten messen</translation>
    </message>
    <message>
        <source>Read the group&apos;s %1 newest jobs whole and measure, from their histories, how long they waited and ran before failing</source>
        <translation>Die %1 neuesten Jobs der Gruppe ganz lesen und aus ihrem Verlauf messen, wie lange sie vor dem Fehlschlagen warteten und liefen</translation>
    </message>
    <message>
        <source>Wait and run before failing: not measured.</source>
        <translation>Warten und Laufen vor dem Fehlschlagen: nicht gemessen.</translation>
    </message>
    <message>
        <source>Reading the group&apos;s newest jobs…</source>
        <translation>Die neuesten Jobs der Gruppe werden gelesen…</translation>
    </message>
    <message numerus="yes">
        <source>No run before a failure could be measured in the %n jobs read.</source>
        <translation>
            <numerusform>In dem %n gelesenen Job ließ sich kein Lauf vor einem Fehlschlag messen.</numerusform>
            <numerusform>In den %n gelesenen Jobs ließ sich kein Lauf vor einem Fehlschlag messen.</numerusform>
        </translation>
    </message>
    <message>
        <source>Before failing (newest %1 of %2): wait median %3, max %4 · run median %5, max %6</source>
        <translation>Vor dem Fehlschlagen (neueste %1 von %2): Warten Median %3, höchstens %4 · Laufen Median %5, höchstens %6</translation>
    </message>
    <message numerus="yes">
        <source>%n not measured</source>
        <translation>
            <numerusform>%n nicht gemessen</numerusform>
            <numerusform>%n nicht gemessen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n of the jobs read show no run before their failure (failed while waiting, or their history trimmed).</source>
        <translation>
            <numerusform>%n der gelesenen Jobs zeigt keinen Lauf vor dem Fehlschlag (beim Warten fehlgeschlagen oder Verlauf gekürzt).</numerusform>
            <numerusform>%n der gelesenen Jobs zeigen keinen Lauf vor dem Fehlschlag (beim Warten fehlgeschlagen oder Verlauf gekürzt).</numerusform>
        </translation>
    </message>
    <message>
        <source>Wait: from the put (or lost lock) to the pop of the run that failed. Run: from that pop to the failure. Read from the histories of the group&apos;s newest jobs.</source>
        <translation>Warten: vom Einreihen (oder dem Verlust der Sperre) bis zur Abholung des Laufs, der fehlschlug. Laufen: von dieser Abholung bis zum Fehlschlag. Gelesen aus dem Verlauf der neuesten Jobs der Gruppe.</translation>
    </message>
    <message numerus="yes">
        <source>%n listed jobs were gone from Redis.</source>
        <translation>
            <numerusform>%n aufgeführter Job war nicht mehr in Redis.</numerusform>
            <numerusform>%n aufgeführte Jobs waren nicht mehr in Redis.</numerusform>
        </translation>
    </message>
    <message>
        <source>the read stopped</source>
        <translation>das Lesen brach ab</translation>
    </message>
    <message>
        <source>The read stopped: %1</source>
        <translation>Das Lesen brach ab: %1</translation>
    </message>
</context>
<context>
    <name>FilePathEdit</name>
    <message>
        <source>Browse…</source>
        <translation>Durchsuchen…</translation>
    </message>
    <message>
        <source>All files (*)</source>
        <translation>Alle Dateien (*)</translation>
    </message>
</context>
<context>
    <name>GraphView</name>
    <message>
        <source>Job graph</source>
        <translation>Job-Graph</translation>
    </message>
</context>
<context>
    <name>HistoryChart</name>
    <message>
        <source>History chart</source>
        <translation>Verlaufsdiagramm</translation>
    </message>
    <message>
        <source>completed / min</source>
        <translation>abgeschlossen / min</translation>
    </message>
    <message>
        <source>failed / min</source>
        <translation>fehlgeschlagen / min</translation>
    </message>
    <message>
        <source>waiting</source>
        <translation>wartend</translation>
    </message>
    <message>
        <source>scheduled</source>
        <translation>geplant</translation>
    </message>
    <message>
        <source>running</source>
        <translation>laufend</translation>
    </message>
    <message>
        <source>stalled</source>
        <translation>hängen geblieben</translation>
    </message>
    <message>
        <source>timed out / min</source>
        <translation>Zeit überschritten / min</translation>
    </message>
    <message>
        <source>%1
%2: %3</source>
        <translation>%1
%2: %3</translation>
    </message>
    <message>
        <source>Wheel or + and - zoom, a drag or the arrows pan, Home shows the whole range; M chooses the next mark, Enter opens a bulk run in Activity.</source>
        <translation>Mausrad oder + und - zoomen, Ziehen oder die Pfeiltasten verschieben, Pos1 zeigt den ganzen Zeitraum; M wählt die nächste Markierung, Eingabe öffnet eine Sammelaktion in Aktivität.</translation>
    </message>
    <message>
        <source>%1 · %2</source>
        <translation>%1 · %2</translation>
    </message>
    <message>
        <source>%1 (%2 UTC)</source>
        <translation>%1 (%2 UTC)</translation>
    </message>
</context>
<context>
    <name>HistoryCompareBar</name>
    <message>
        <source>Compare with</source>
        <translation>Vergleichen mit</translation>
    </message>
    <message>
        <source>No comparison</source>
        <translation>Kein Vergleich</translation>
    </message>
    <message>
        <source>Compare with a queue</source>
        <translation>Mit einer Warteschlange vergleichen</translation>
    </message>
    <message>
        <source>Compare with the period before</source>
        <translation>Mit dem Zeitraum davor vergleichen</translation>
    </message>
    <message>
        <source>Compare with yesterday</source>
        <translation>Mit gestern vergleichen</translation>
    </message>
    <message>
        <source>Compare with hours earlier</source>
        <translation>Mit Stunden früher vergleichen</translation>
    </message>
    <message>
        <source>Queue compared with</source>
        <translation>Verglichene Warteschlange</translation>
    </message>
    <message>
        <source>All queues</source>
        <translation>Alle Warteschlangen</translation>
    </message>
    <message>
        <source>Hours earlier</source>
        <translation>Stunden früher</translation>
    </message>
    <message>
        <source> h earlier</source>
        <translation> h früher</translation>
    </message>
    <message>
        <source>all queues</source>
        <translation>alle Warteschlangen</translation>
    </message>
    <message>
        <source>the period before</source>
        <translation>dem Zeitraum davor</translation>
    </message>
    <message>
        <source>a day earlier</source>
        <translation>einen Tag früher</translation>
    </message>
    <message numerus="yes">
        <source>%n h earlier</source>
        <translation>
            <numerusform>%n h früher</numerusform>
            <numerusform>%n h früher</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>HistoryMarkLabel</name>
    <message>
        <source>Reconnected</source>
        <translation>Neu verbunden</translation>
    </message>
    <message>
        <source>Queue paused</source>
        <translation>Warteschlange angehalten</translation>
    </message>
    <message>
        <source>Queue unpaused</source>
        <translation>Warteschlange fortgesetzt</translation>
    </message>
    <message>
        <source>Config changed</source>
        <translation>Konfiguration geändert</translation>
    </message>
    <message>
        <source>Bulk run</source>
        <translation>Sammelaktion</translation>
    </message>
    <message>
        <source>%1 at %2 (%3 UTC)</source>
        <translation>%1 um %2 (%3 UTC)</translation>
    </message>
    <message>
        <source>Run %1: click, or Enter, to open it in Activity</source>
        <translation>Sammelaktion %1: Klicken oder Eingabe öffnet sie in Aktivität</translation>
    </message>
</context>
<context>
    <name>HistoryModel</name>
    <message>
        <source>When</source>
        <translation>Wann</translation>
    </message>
    <message>
        <source>Event</source>
        <translation>Ereignis</translation>
    </message>
    <message>
        <source>After</source>
        <translation>Nach</translation>
    </message>
    <message>
        <source>Queue</source>
        <translation>Warteschlange</translation>
    </message>
    <message>
        <source>Worker</source>
        <translation>Worker</translation>
    </message>
    <message>
        <source>Details</source>
        <translation>Details</translation>
    </message>
    <message>
        <source>log</source>
        <translation>Log</translation>
    </message>
    <message>
        <source>unreadable entry: %1</source>
        <translation>unlesbarer Eintrag: %1</translation>
    </message>
    <message>
        <source>the worker lost its lock on the job</source>
        <translation>der Worker verlor seine Sperre auf den Job</translation>
    </message>
    <message>
        <source>group %1</source>
        <translation>Gruppe %1</translation>
    </message>
    <message>
        <source>A log entry a worker added to the job (qless log): its message and data are under Details.</source>
        <translation>Ein Log-Eintrag, den ein Worker dem Job hinzufügte (qless log): Meldung und Daten stehen unter Details.</translation>
    </message>
</context>
<context>
    <name>HistoryPage</name>
    <message>
        <source>Time range</source>
        <translation>Zeitraum</translation>
    </message>
    <message>
        <source>Last hour</source>
        <translation>Letzte Stunde</translation>
    </message>
    <message>
        <source>Last 24 hours</source>
        <translation>Letzte 24 Stunden</translation>
    </message>
    <message>
        <source>Last 7 days</source>
        <translation>Letzte 7 Tage</translation>
    </message>
    <message>
        <source>Last 90 days</source>
        <translation>Letzte 90 Tage</translation>
    </message>
    <message>
        <source>Queue</source>
        <translation>Warteschlange</translation>
    </message>
    <message>
        <source>All queues</source>
        <translation>Alle Warteschlangen</translation>
    </message>
    <message>
        <source>Figures</source>
        <translation>Kennzahlen</translation>
    </message>
    <message>
        <source>Throughput</source>
        <translation>Durchsatz</translation>
    </message>
    <message>
        <source>Backlog</source>
        <translation>Rückstau</translation>
    </message>
    <message>
        <source>Failures</source>
        <translation>Fehlschläge</translation>
    </message>
    <message>
        <source>%1 · %2 · %3</source>
        <translation>%1 · %2 · %3</translation>
    </message>
    <message>
        <source>all queues</source>
        <translation>alle Warteschlangen</translation>
    </message>
    <message>
        <source>Cannot read the history: %1</source>
        <translation>Der Verlauf kann nicht gelesen werden: %1</translation>
    </message>
    <message>
        <source>Nothing recorded in this range: history is recorded while a window or `qlessdesk record` watches this server.</source>
        <translation>In diesem Zeitraum wurde nichts aufgezeichnet: Der Verlauf wird aufgezeichnet, solange ein Fenster oder `qlessdesk record` diesen Server beobachtet.</translation>
    </message>
    <message>
        <source>Read only: %1</source>
        <translation>Nur lesend: %1</translation>
    </message>
    <message>
        <source>History</source>
        <translation>Verlauf</translation>
    </message>
    <message>
        <source>Export…</source>
        <translation>Exportieren…</translation>
    </message>
    <message>
        <source>Export history</source>
        <translation>Verlauf exportieren</translation>
    </message>
    <message>
        <source>Save the chart as shown as PNG, SVG or PDF, or its numbers as CSV (one row per queue and bucket; compared, a series column names each).</source>
        <translation>Das Diagramm wie gezeigt als PNG, SVG oder PDF speichern oder seine Zahlen als CSV (eine Zeile pro Warteschlange und Intervall; beim Vergleich nennt eine Spalte series die Reihe).</translation>
    </message>
    <message>
        <source>%1 vs %2</source>
        <translation>%1 gegen %2</translation>
    </message>
    <message>
        <source>this period</source>
        <translation>dieser Zeitraum</translation>
    </message>
    <message>
        <source>Nothing recorded for the comparison.</source>
        <translation>Für den Vergleich ist nichts aufgezeichnet.</translation>
    </message>
    <message>
        <source>Zoomed to %1 – %2: Home shows the whole range.</source>
        <translation>Gezoomt auf %1 – %2: Pos1 zeigt den ganzen Zeitraum.</translation>
    </message>
</context>
<context>
    <name>JobAction</name>
    <message>
        <source>Move to queue %1</source>
        <translation>In Warteschlange %1 verschieben</translation>
    </message>
    <message>
        <source>Retry in own queue</source>
        <translation>Erneut versuchen in eigener Warteschlange</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Set priority %1</source>
        <translation>Priorität %1 setzen</translation>
    </message>
    <message>
        <source>Track</source>
        <translation>Verfolgen</translation>
    </message>
    <message>
        <source>Untrack</source>
        <translation>Nicht mehr verfolgen</translation>
    </message>
    <message>
        <source>Add tags %1</source>
        <translation>Tags %1 hinzufügen</translation>
    </message>
    <message>
        <source>Remove tags %1</source>
        <translation>Tags %1 entfernen</translation>
    </message>
    <message>
        <source>Time out</source>
        <translation>Timeout auslösen</translation>
    </message>
    <message>
        <source>job no longer exists</source>
        <translation>Job existiert nicht mehr</translation>
    </message>
    <message>
        <source>now %1, no longer %2</source>
        <translation>jetzt %1, nicht mehr %2</translation>
    </message>
    <message>
        <source>now %1, not running</source>
        <translation>jetzt %1, läuft nicht</translation>
    </message>
    <message>
        <source>complete jobs are not cancelled</source>
        <translation>abgeschlossene Jobs werden nicht abgebrochen</translation>
    </message>
</context>
<context>
    <name>JobDetailDialog</name>
    <message>
        <source>← &amp;Back</source>
        <translation>← &amp;Zurück</translation>
    </message>
    <message>
        <source>&amp;Actions</source>
        <translation>&amp;Aktionen</translation>
    </message>
    <message>
        <source>C&amp;opy</source>
        <translation>&amp;Kopieren</translation>
    </message>
    <message>
        <source>Copy jid</source>
        <translation>Jid kopieren</translation>
    </message>
    <message>
        <source>Copy job as JSON</source>
        <translation>Job als JSON kopieren</translation>
    </message>
    <message>
        <source>&amp;Refresh</source>
        <translation>Akt&amp;ualisieren</translation>
    </message>
    <message>
        <source>Read the job again (F5)</source>
        <translation>Den Job erneut lesen (F5)</translation>
    </message>
    <message>
        <source>The job shown before this one (Alt+Left)</source>
        <translation>Der zuvor gezeigte Job (Alt+Links)</translation>
    </message>
    <message>
        <source>Copy the jid (Ctrl+Shift+C) or the whole job as JSON (Ctrl+Shift+J)</source>
        <translation>Die Jid (Strg+Umschalt+C) oder den ganzen Job als JSON (Strg+Umschalt+J) kopieren</translation>
    </message>
    <message>
        <source>Job %1 — qlessdesk</source>
        <translation>Job %1 — qlessdesk</translation>
    </message>
    <message>
        <source>&amp;Dependencies…</source>
        <translation>Abhän&amp;gigkeiten…</translation>
    </message>
    <message>
        <source>The jobs this one waits on and those waiting on it, as a graph</source>
        <translation>Die Jobs, auf die dieser wartet, und die, die auf ihn warten, als Graph</translation>
    </message>
</context>
<context>
    <name>JobDetailText</name>
    <message>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <source> … and %1 more</source>
        <translation> … und %1 weitere</translation>
    </message>
</context>
<context>
    <name>JobDetailView</name>
    <message>
        <source>Failure message</source>
        <translation>Fehlermeldung</translation>
    </message>
    <message>
        <source>Data</source>
        <translation>Daten</translation>
    </message>
    <message>
        <source>History</source>
        <translation>Verlauf</translation>
    </message>
    <message>
        <source>Failure</source>
        <translation>Fehler</translation>
    </message>
    <message>
        <source>Reading…</source>
        <translation>Wird gelesen…</translation>
    </message>
    <message>
        <source>&lt;b&gt;Could not read the job:&lt;/b&gt; %1</source>
        <translation>&lt;b&gt;Der Job konnte nicht gelesen werden:&lt;/b&gt; %1</translation>
    </message>
    <message>
        <source>Data ⚠ not JSON</source>
        <translation>Daten ⚠ kein JSON</translation>
    </message>
    <message>
        <source>History (%1)</source>
        <translation>Verlauf (%1)</translation>
    </message>
    <message>
        <source>&lt;b&gt;No job with the jid “%1” exists in Redis.&lt;/b&gt;&lt;br&gt;It may have completed and expired from the history, been cancelled, or the jid may be mistyped.</source>
        <translation>&lt;b&gt;In Redis gibt es keinen Job mit der Jid „%1“.&lt;/b&gt;&lt;br&gt;Er wurde vielleicht abgeschlossen und ist aus dem Verlauf verfallen, wurde abgebrochen, oder die Jid ist vertippt.</translation>
    </message>
    <message>
        <source>timed out</source>
        <translation>Timeout</translation>
    </message>
    <message>
        <source>stalled</source>
        <translation>hängend</translation>
    </message>
    <message>
        <source>Its lock expired: the worker stopped heartbeating it. The job still says running; the next pop hands it out again.</source>
        <translation>Seine Sperre ist abgelaufen: Der Worker sendet keinen Heartbeat mehr. Der Job meldet noch „running“; das nächste Pop gibt ihn erneut aus.</translation>
    </message>
    <message>
        <source>its worker</source>
        <translation>sein Worker</translation>
    </message>
    <message>
        <source>worker %1</source>
        <translation>Worker %1</translation>
    </message>
    <message>
        <source>&lt;b&gt;Timed out&lt;/b&gt; %1: qless took the job from %2. It is back in %3 as waiting (qless counts it so), first in line for the next pop, with its state left as &lt;i&gt;stalled&lt;/i&gt;.</source>
        <translation>&lt;b&gt;Timeout&lt;/b&gt; %1: qless entzog den Job %2. Er ist zurück in %3 als wartend (so zählt ihn qless), als Erster für das nächste Pop, sein Zustand bleibt &lt;i&gt;stalled&lt;/i&gt;.</translation>
    </message>
    <message>
        <source>(when is not recorded)</source>
        <translation>(Zeitpunkt nicht verzeichnet)</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; is missing</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; fehlt</translation>
    </message>
    <message>
        <source>&lt;b&gt;data&lt;/b&gt; is not valid JSON (the Data tab shows it as stored)</source>
        <translation>&lt;b&gt;data&lt;/b&gt; ist kein gültiges JSON (der Reiter „Daten“ zeigt es wie gespeichert)</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; is not valid</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; ist ungültig</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; is not valid: &lt;code&gt;%2&lt;/code&gt;</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; ist ungültig: &lt;code&gt;%2&lt;/code&gt;</translation>
    </message>
    <message>
        <source>some text holds bytes that are not UTF-8; they are shown as \xHH</source>
        <translation>mancher Text enthält Bytes, die kein UTF-8 sind; sie werden als \\xHH angezeigt</translation>
    </message>
    <message>
        <source>⚠ This job&apos;s record in Redis is damaged; what is shown may be incomplete:&lt;br&gt;%1</source>
        <translation>⚠ Der Eintrag dieses Jobs in Redis ist beschädigt; das Angezeigte ist möglicherweise unvollständig:&lt;br&gt;%1</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; &amp;nbsp;·&amp;nbsp; failed %2 &amp;nbsp;·&amp;nbsp; worker %3</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; &amp;nbsp;·&amp;nbsp; fehlgeschlagen %2 &amp;nbsp;·&amp;nbsp; Worker %3</translation>
    </message>
</context>
<context>
    <name>JobFieldsGrid</name>
    <message>
        <source>Class</source>
        <translation>Klasse</translation>
    </message>
    <message>
        <source>Queue</source>
        <translation>Warteschlange</translation>
    </message>
    <message>
        <source>Worker</source>
        <translation>Worker</translation>
    </message>
    <message>
        <source>Priority</source>
        <translation>Priorität</translation>
    </message>
    <message>
        <source>Retries left</source>
        <translation>Verbleibende Versuche</translation>
    </message>
    <message>
        <source>Tracked</source>
        <translation>Verfolgt</translation>
    </message>
    <message>
        <source>Put</source>
        <translation>Eingereiht</translation>
    </message>
    <message>
        <source>Lock expires</source>
        <translation>Sperre läuft ab</translation>
    </message>
    <message>
        <source>Last change</source>
        <translation>Letzte Änderung</translation>
    </message>
    <message>
        <source>Tags</source>
        <translation>Tags</translation>
    </message>
    <message>
        <source>Depends on</source>
        <translation>Hängt ab von</translation>
    </message>
    <message>
        <source>Dependents</source>
        <translation>Abhängige</translation>
    </message>
    <message>
        <source>Spawned from</source>
        <translation>Erzeugt von</translation>
    </message>
    <message>
        <source>(missing)</source>
        <translation>(fehlt)</translation>
    </message>
    <message>
        <source>(invalid)</source>
        <translation>(ungültig)</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 von %2</translation>
    </message>
    <message>
        <source>&lt;b&gt;yes&lt;/b&gt;</source>
        <translation>&lt;b&gt;ja&lt;/b&gt;</translation>
    </message>
    <message>
        <source>no</source>
        <translation>nein</translation>
    </message>
    <message>
        <source>Due</source>
        <translation>Fällig</translation>
    </message>
</context>
<context>
    <name>JobHistoryPage</name>
    <message>
        <source>History</source>
        <translation>Verlauf</translation>
    </message>
    <message numerus="yes">
        <source> %n log entries (notes from workers or from this console’s Add note).</source>
        <translation>
            <numerusform> %n Log-Eintrag (Notizen von Workern oder aus „Notiz hinzufügen“ dieser Konsole).</numerusform>
            <numerusform> %n Log-Einträge (Notizen von Workern oder aus „Notiz hinzufügen“ dieser Konsole).</numerusform>
        </translation>
    </message>
    <message>
        <source>Stored as stages in the job&apos;s history field (as the 2012 qless scripts write it).</source>
        <translation>Als Stufen im history-Feld des Jobs gespeichert (wie es die qless-Skripte von 2012 schreiben).</translation>
    </message>
    <message>
        <source>Stored as events in the list ql:j:%1-history (as current qless writes it).%2</source>
        <translation>Als Ereignisse in der Liste ql:j:%1-history gespeichert (wie es das aktuelle qless schreibt).%2</translation>
    </message>
    <message>
        <source>No history recorded.</source>
        <translation>Kein Verlauf verzeichnet.</translation>
    </message>
</context>
<context>
    <name>JobListModel</name>
    <message>
        <source>Job</source>
        <translation>Job</translation>
    </message>
    <message>
        <source>Class</source>
        <translation>Klasse</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Zustand</translation>
    </message>
    <message>
        <source>Queue</source>
        <translation>Warteschlange</translation>
    </message>
    <message>
        <source>Priority</source>
        <translation>Priorität</translation>
    </message>
    <message>
        <source>Tags</source>
        <translation>Tags</translation>
    </message>
    <message>
        <source>Worker</source>
        <translation>Worker</translation>
    </message>
    <message>
        <source>When</source>
        <translation>Wann</translation>
    </message>
    <message>
        <source>Retries left</source>
        <translation>Verbl. Versuche</translation>
    </message>
    <message>
        <source>Failure</source>
        <translation>Fehler</translation>
    </message>
    <message>
        <source>Put</source>
        <translation>Eingereiht</translation>
    </message>
    <message>
        <source>Last change</source>
        <translation>Letzte Änderung</translation>
    </message>
    <message>
        <source>Not read again since it was out of view: as it was when last read.</source>
        <translation>Nicht erneut gelesen, da nicht sichtbar: Stand beim letzten Lesen.</translation>
    </message>
    <message>
        <source>job data missing</source>
        <translation>Jobdaten fehlen</translation>
    </message>
    <message>
        <source>⚠ unreadable</source>
        <translation>⚠ unlesbar</translation>
    </message>
    <message>
        <source>(missing)</source>
        <translation>(fehlt)</translation>
    </message>
    <message>
        <source>timed out</source>
        <translation>Timeout</translation>
    </message>
    <message>
        <source>stalled</source>
        <translation>hängend</translation>
    </message>
    <message>
        <source>(invalid)</source>
        <translation>(ungültig)</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 von %2</translation>
    </message>
    <message>
        <source>This jid is listed, but its job data is gone from Redis.</source>
        <translation>Diese Jid ist aufgeführt, aber ihre Jobdaten sind aus Redis verschwunden.</translation>
    </message>
    <message>
        <source>%1: missing</source>
        <translation>%1: fehlt</translation>
    </message>
    <message>
        <source>%1: cannot be read: %2</source>
        <translation>%1: nicht lesbar: %2</translation>
    </message>
    <message>
        <source>This job&apos;s data in Redis is damaged:
%1</source>
        <translation>Die Daten dieses Jobs in Redis sind beschädigt:
%1</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>not known</source>
        <translation>unbekannt</translation>
    </message>
    <message>
        <source>Timed out%1%2: qless took the job from its worker and hands it out again first (it counts as waiting).</source>
        <translation>Timeout%1%2: qless entzog den Job seinem Worker und gibt ihn als Ersten wieder aus (er zählt als wartend).</translation>
    </message>
    <message>
        <source> at %1</source>
        <translation> am %1</translation>
    </message>
    <message>
        <source> from %1</source>
        <translation> von %1</translation>
    </message>
    <message>
        <source>Stalled: its lock expired %1 ago, so %2 stopped heartbeating it. qless counts it as stalled and the next pop hands it out again.</source>
        <translation>Hängend: Seine Sperre ist vor %1 abgelaufen, %2 sendet also keinen Heartbeat mehr. qless zählt ihn als hängend, und das nächste Pop gibt ihn erneut aus.</translation>
    </message>
    <message>
        <source>its worker</source>
        <translation>sein Worker</translation>
    </message>
    <message>
        <source>Put: %1</source>
        <translation>Eingereiht: %1</translation>
    </message>
    <message>
        <source>Last change: %1</source>
        <translation>Letzte Änderung: %1</translation>
    </message>
    <message>
        <source>timed out %1 ago</source>
        <translation>Timeout vor %1</translation>
    </message>
    <message>
        <source>lock expires in %1</source>
        <translation>Sperre läuft ab in %1</translation>
    </message>
    <message>
        <source>lock expired %1 ago</source>
        <translation>Sperre abgelaufen vor %1</translation>
    </message>
    <message>
        <source>failed %1 ago</source>
        <translation>fehlgeschlagen vor %1</translation>
    </message>
    <message>
        <source>due in %1</source>
        <translation>fällig in %1</translation>
    </message>
    <message>
        <source>due %1 ago</source>
        <translation>fällig seit %1</translation>
    </message>
    <message numerus="yes">
        <source>waits on %n job(s)</source>
        <translation>
            <numerusform>wartet auf %n Job</numerusform>
            <numerusform>wartet auf %n Jobs</numerusform>
        </translation>
    </message>
    <message>
        <source>completed %1 ago</source>
        <translation>abgeschlossen vor %1</translation>
    </message>
    <message>
        <source>waiting %1</source>
        <translation>wartet seit %1</translation>
    </message>
    <message>
        <source>put %1 ago</source>
        <translation>eingereiht vor %1</translation>
    </message>
    <message>
        <source>waiting</source>
        <translation>wartend</translation>
    </message>
    <message>
        <source>running</source>
        <translation>laufend</translation>
    </message>
    <message>
        <source>scheduled</source>
        <translation>geplant</translation>
    </message>
    <message>
        <source>depends</source>
        <translation>abhängig</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>fehlgeschlagen</translation>
    </message>
    <message>
        <source>complete</source>
        <translation>abgeschlossen</translation>
    </message>
    <message>
        <source>recurring</source>
        <translation>wiederkehrend</translation>
    </message>
    <message>
        <source>Retries</source>
        <translation>Versuche</translation>
    </message>
    <message>
        <source>Failure group</source>
        <translation>Fehlergruppe</translation>
    </message>
    <message>
        <source>Timed out</source>
        <translation>Timeout</translation>
    </message>
</context>
<context>
    <name>JobListPane</name>
    <message>
        <source>Jobs</source>
        <translation>Jobs</translation>
    </message>
    <message>
        <source>, %1 loaded</source>
        <translation>, %1 geladen</translation>
    </message>
    <message>
        <source>: %1 loaded</source>
        <translation>: %1 geladen</translation>
    </message>
    <message>
        <source>: loading…</source>
        <translation>: wird geladen…</translation>
    </message>
    <message>
        <source> (could not read: %1)</source>
        <translation> (nicht lesbar: %1)</translation>
    </message>
    <message numerus="yes">
        <source>: %Ln job(s)</source>
        <translation>
            <numerusform>: %Ln Job</numerusform>
            <numerusform>: %Ln Jobs</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>JobNoteDialog</name>
    <message>
        <source>Add note</source>
        <translation>Notiz hinzufügen</translation>
    </message>
    <message>
        <source>What happened, for whoever reads this job next</source>
        <translation>Was geschehen ist, für alle, die diesen Job als Nächste lesen</translation>
    </message>
    <message>
        <source>Optional: a JSON object, e.g. {&quot;ticket&quot;: &quot;OPS-123&quot;}</source>
        <translation>Optional: ein JSON-Objekt, z. B. {&quot;ticket&quot;: &quot;OPS-123&quot;}</translation>
    </message>
    <message>
        <source>A note in the history of job &lt;b&gt;%1&lt;/b&gt; (qless&apos;s log; audited).</source>
        <translation>Eine Notiz im Verlauf von Job &lt;b&gt;%1&lt;/b&gt; (qless’ log; im Audit-Log verzeichnet).</translation>
    </message>
    <message>
        <source>&amp;Message</source>
        <translation>&amp;Meldung</translation>
    </message>
    <message>
        <source>&amp;Data</source>
        <translation>&amp;Daten</translation>
    </message>
    <message>
        <source>Write a message.</source>
        <translation>Schreiben Sie eine Meldung.</translation>
    </message>
    <message>
        <source>The data is not JSON: %1 at character %2.</source>
        <translation>Die Daten sind kein JSON: %1 bei Zeichen %2.</translation>
    </message>
    <message>
        <source>The data must be a JSON object ({…}): qless reads it back as the entry&apos;s fields.</source>
        <translation>Die Daten müssen ein JSON-Objekt sein ({…}): qless liest sie als Felder des Eintrags zurück.</translation>
    </message>
</context>
<context>
    <name>JobSearch</name>
    <message>
        <source>matching %1</source>
        <translation>passend zu: %1</translation>
    </message>
</context>
<context>
    <name>JobSearchCriteria</name>
    <message>
        <source>The %1 is not a valid regular expression: %2 (at character %3).</source>
        <translation>%1 ist kein gültiger regulärer Ausdruck: %2 (bei Zeichen %3).</translation>
    </message>
    <message>
        <source>The %1 refers back to a group (\1, \k&lt;name&gt;): a search cannot bound how long that takes on a long text. Write the repeated part out instead.</source>
        <translation>%1 verweist auf eine Gruppe zurück (\1, \k&lt;name&gt;): Eine Suche kann nicht begrenzen, wie lange das auf einem langen Text dauert. Schreiben Sie den wiederholten Teil stattdessen aus.</translation>
    </message>
    <message>
        <source>Say what to look for: fill in at least one field.</source>
        <translation>Geben Sie an, wonach gesucht wird: Füllen Sie mindestens ein Feld aus.</translation>
    </message>
    <message>
        <source>“%1” is not a state a job can be in: use one of %2.</source>
        <translation>„%1“ ist kein Zustand, den ein Job haben kann: Verwenden Sie einen von %2.</translation>
    </message>
    <message>
        <source>failure message pattern</source>
        <translation>Das Muster für die Fehlermeldung</translation>
    </message>
    <message>
        <source>data pattern</source>
        <translation>Das Muster für die Daten</translation>
    </message>
    <message>
        <source>jid starts with %1</source>
        <translation>Jid beginnt mit %1</translation>
    </message>
    <message>
        <source>tag %1</source>
        <translation>Tag %1</translation>
    </message>
    <message>
        <source>class contains %1</source>
        <translation>Klasse enthält %1</translation>
    </message>
    <message>
        <source>queue %1</source>
        <translation>Warteschlange %1</translation>
    </message>
    <message>
        <source>worker %1</source>
        <translation>Worker %1</translation>
    </message>
    <message>
        <source>state %1</source>
        <translation>Zustand %1</translation>
    </message>
    <message>
        <source>failure group %1</source>
        <translation>Fehlergruppe %1</translation>
    </message>
    <message>
        <source>message matches /%1/</source>
        <translation>Meldung passt zu /%1/</translation>
    </message>
    <message>
        <source>data matches /%1/</source>
        <translation>Daten passen zu /%1/</translation>
    </message>
    <message>
        <source>message contains “%1”</source>
        <translation>Meldung enthält „%1“</translation>
    </message>
    <message>
        <source>data contains “%1”</source>
        <translation>Daten enthalten „%1“</translation>
    </message>
    <message>
        <source>, </source>
        <translation>, </translation>
    </message>
</context>
<context>
    <name>JobSearchForm</name>
    <message>
        <source>&amp;Regular expressions for message and data</source>
        <translation>&amp;Reguläre Ausdrücke für Meldung und Daten</translation>
    </message>
    <message>
        <source>Any state</source>
        <translation>Jeder Zustand</translation>
    </message>
    <message>
        <source>&amp;Jid starts with:</source>
        <translation>&amp;Jid beginnt mit:</translation>
    </message>
    <message>
        <source>Jid starts with</source>
        <translation>Jid beginnt mit</translation>
    </message>
    <message>
        <source>&amp;Tag:</source>
        <translation>&amp;Tag:</translation>
    </message>
    <message>
        <source>Tag</source>
        <translation>Tag</translation>
    </message>
    <message>
        <source>C&amp;lass contains:</source>
        <translation>&amp;Klasse enthält:</translation>
    </message>
    <message>
        <source>Class contains</source>
        <translation>Klasse enthält</translation>
    </message>
    <message>
        <source>&amp;Queue:</source>
        <translation>&amp;Warteschlange:</translation>
    </message>
    <message>
        <source>Queue</source>
        <translation>Warteschlange</translation>
    </message>
    <message>
        <source>&amp;Worker:</source>
        <translation>W&amp;orker:</translation>
    </message>
    <message>
        <source>Worker</source>
        <translation>Worker</translation>
    </message>
    <message>
        <source>Stat&amp;e:</source>
        <translation>&amp;Zustand:</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Zustand</translation>
    </message>
    <message>
        <source>Failure gro&amp;up:</source>
        <translation>F&amp;ehlergruppe:</translation>
    </message>
    <message>
        <source>Failure group</source>
        <translation>Fehlergruppe</translation>
    </message>
    <message>
        <source>&amp;Message:</source>
        <translation>&amp;Meldung:</translation>
    </message>
    <message>
        <source>Failure message</source>
        <translation>Fehlermeldung</translation>
    </message>
    <message>
        <source>&amp;Data:</source>
        <translation>Date&amp;n:</translation>
    </message>
    <message>
        <source>Text in the data</source>
        <translation>Text in den Daten</translation>
    </message>
    <message>
        <source>The first characters of the jid</source>
        <translation>Die ersten Zeichen der Jid</translation>
    </message>
    <message>
        <source>A tag the job carries, whole</source>
        <translation>Ein Tag des Jobs, vollständig</translation>
    </message>
    <message>
        <source>A part of the job&apos;s class, any case</source>
        <translation>Ein Teil der Klasse des Jobs, Groß- und Kleinschreibung gleich</translation>
    </message>
    <message>
        <source>The queue&apos;s whole name</source>
        <translation>Der vollständige Name der Warteschlange</translation>
    </message>
    <message>
        <source>The worker&apos;s whole name, as the Workers page shows it</source>
        <translation>Der vollständige Name des Workers, wie ihn die Seite „Worker“ zeigt</translation>
    </message>
    <message>
        <source>The failure group&apos;s whole name (usually the error&apos;s class)</source>
        <translation>Der vollständige Name der Fehlergruppe (meist die Klasse des Fehlers)</translation>
    </message>
    <message>
        <source>Lua, which runs the search on the server, has no regular expressions: the server narrows by the other fields and sends the message and data of the jobs left, and the console applies the expressions. Without another field, every job&apos;s data crosses the network: slower, but still in short calls.</source>
        <translation>Lua, das die Suche auf dem Server ausführt, kennt keine regulären Ausdrücke: Der Server grenzt nach den anderen Feldern ein und sendet Meldung und Daten der übrigen Jobs, und die Konsole wendet die Ausdrücke an. Ohne ein weiteres Feld gehen die Daten jedes Jobs über das Netz: langsamer, aber weiterhin in kurzen Aufrufen.</translation>
    </message>
    <message>
        <source>a regular expression the failure message matches</source>
        <translation>ein regulärer Ausdruck, zu dem die Fehlermeldung passt</translation>
    </message>
    <message>
        <source>text in the failure message (exact case)</source>
        <translation>Text in der Fehlermeldung (genaue Schreibweise)</translation>
    </message>
    <message>
        <source>a regular expression the data&apos;s JSON text matches</source>
        <translation>ein regulärer Ausdruck, zu dem der JSON-Text der Daten passt</translation>
    </message>
    <message>
        <source>text in the data&apos;s JSON (exact case)</source>
        <translation>Text im JSON der Daten (genaue Schreibweise)</translation>
    </message>
</context>
<context>
    <name>JobSearchMatcher</name>
    <message>
        <source>the %1 takes too much work on job %2: PCRE2 gave up after %3 backtracking steps. Nested repetition such as (a+)+ or (\w+\s?)* tries exponentially many ways on a long text: simplify the pattern (a+ rather than (a+)+), or narrow the search with other fields first</source>
        <translation>%1 braucht bei Job %2 zu viel Arbeit: PCRE2 gab nach %3 Schritten der Rückverfolgung auf. Verschachtelte Wiederholung wie (a+)+ oder (\w+\s?)* probiert auf einem langen Text exponentiell viele Wege: Vereinfachen Sie das Muster (a+ statt (a+)+) oder grenzen Sie die Suche zuerst mit anderen Feldern ein</translation>
    </message>
    <message>
        <source>failure message pattern /%1/</source>
        <translation>das Muster für die Fehlermeldung /%1/</translation>
    </message>
    <message>
        <source>data pattern /%1/</source>
        <translation>das Muster für die Daten /%1/</translation>
    </message>
</context>
<context>
    <name>JobTimeline</name>
    <message>
        <source>completed</source>
        <translation>abgeschlossen</translation>
    </message>
    <message>
        <source>timed out</source>
        <translation>Timeout</translation>
    </message>
    <message>
        <source>timed out: %1 lost its lock</source>
        <translation>Timeout: %1 verlor die Sperre</translation>
    </message>
    <message>
        <source>due</source>
        <translation>fällig</translation>
    </message>
    <message>
        <source>qless keeps at most %1 entries of a job&apos;s history (max-job-history): the first and the latest. Entries between them may have been dropped; that stretch is shown as unknown.</source>
        <translation>qless behält höchstens %1 Einträge im Verlauf eines Jobs (max-job-history): den ersten und die neuesten. Einträge dazwischen können verworfen worden sein; diese Strecke wird als unbekannt gezeigt.</translation>
    </message>
    <message numerus="yes">
        <source>%n entries between the first and the latest are not drawn (too many to draw).</source>
        <translation>
            <numerusform>%n Eintrag zwischen dem ersten und den neuesten wird nicht gezeichnet (zu viele zum Zeichnen).</numerusform>
            <numerusform>%n Einträge zwischen dem ersten und den neuesten werden nicht gezeichnet (zu viele zum Zeichnen).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n entries carry a time earlier than the entry before them; they are drawn at that entry&apos;s time.</source>
        <translation>
            <numerusform>%n Eintrag trägt eine frühere Zeit als der Eintrag davor; er wird zu dessen Zeit gezeichnet.</numerusform>
            <numerusform>%n Einträge tragen eine frühere Zeit als der Eintrag davor; sie werden zu dessen Zeit gezeichnet.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n entries have no time and are not drawn.</source>
        <translation>
            <numerusform>%n Eintrag hat keine Zeit und wird nicht gezeichnet.</numerusform>
            <numerusform>%n Einträge haben keine Zeit und werden nicht gezeichnet.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n entries could not be read and are not drawn.</source>
        <translation>
            <numerusform>%n Eintrag war nicht lesbar und wird nicht gezeichnet.</numerusform>
            <numerusform>%n Einträge waren nicht lesbar und werden nicht gezeichnet.</numerusform>
        </translation>
    </message>
    <message>
        <source>waiting</source>
        <translation>wartend</translation>
    </message>
    <message>
        <source>scheduled</source>
        <translation>geplant</translation>
    </message>
    <message>
        <source>waiting on dependencies</source>
        <translation>wartet auf Abhängigkeiten</translation>
    </message>
    <message>
        <source>throttled</source>
        <translation>gedrosselt</translation>
    </message>
    <message>
        <source>running</source>
        <translation>laufend</translation>
    </message>
    <message>
        <source>ran, retried, waited</source>
        <translation>lief, erneut versucht, wartete</translation>
    </message>
    <message>
        <source>stalled</source>
        <translation>hängend</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>fehlgeschlagen</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>unbekannt</translation>
    </message>
</context>
<context>
    <name>JobTimelineStrip</name>
    <message>
        <source>wait %1</source>
        <translation>Warten %1</translation>
    </message>
    <message>
        <source>run %1</source>
        <translation>Lauf %1</translation>
    </message>
    <message>
        <source>retried %1</source>
        <translation>erneut versucht %1</translation>
    </message>
    <message>
        <source>failed %1</source>
        <translation>fehlgeschlagen %1</translation>
    </message>
    <message>
        <source>completed</source>
        <translation>abgeschlossen</translation>
    </message>
    <message>
        <source>timed out</source>
        <translation>Timeout</translation>
    </message>
    <message>
        <source>log note</source>
        <translation>Log-Notiz</translation>
    </message>
    <message>
        <source>odd entry</source>
        <translation>seltsamer Eintrag</translation>
    </message>
    <message>
        <source>Timeline</source>
        <translation>Zeitleiste</translation>
    </message>
    <message>
        <source>%1 for %2</source>
        <translation>%1 für %2</translation>
    </message>
    <message>
        <source>from %1</source>
        <translation>von %1</translation>
    </message>
    <message>
        <source>until now (%1), still so</source>
        <translation>bis jetzt (%1), dauert an</translation>
    </message>
    <message>
        <source>until %1</source>
        <translation>bis %1</translation>
    </message>
    <message>
        <source>queue %1</source>
        <translation>Warteschlange %1</translation>
    </message>
    <message>
        <source>worker %1</source>
        <translation>Worker %1</translation>
    </message>
    <message>
        <source>failure group %1</source>
        <translation>Fehlergruppe %1</translation>
    </message>
    <message>
        <source>ended by: %1</source>
        <translation>beendet durch: %1</translation>
    </message>
    <message>
        <source>qless writes no history entry for a retry: when the run ended and the wait began is not known.</source>
        <translation>qless schreibt für einen erneuten Versuch keinen Verlaufseintrag: Wann der Lauf endete und das Warten begann, ist nicht bekannt.</translation>
    </message>
    <message>
        <source>History entries are missing here (see the note under the timeline).</source>
        <translation>Hier fehlen Verlaufseinträge (siehe den Hinweis unter der Zeitleiste).</translation>
    </message>
    <message>
        <source>A delay given at put counts as waiting: qless does not record it in the history.</source>
        <translation>Eine beim Einreihen gegebene Verzögerung zählt als Warten: qless hält sie im Verlauf nicht fest.</translation>
    </message>
    <message>
        <source>%1 to %2</source>
        <translation>%1 bis %2</translation>
    </message>
    <message>
        <source>now</source>
        <translation>jetzt</translation>
    </message>
    <message>
        <source>%1 at %2
%3</source>
        <translation>%1 um %2
%3</translation>
    </message>
    <message>
        <source>No history to draw.</source>
        <translation>Kein Verlauf zum Zeichnen.</translation>
    </message>
    <message>
        <source>now %1</source>
        <translation>jetzt %1</translation>
    </message>
    <message>
        <source>%1 in all</source>
        <translation>%1 insgesamt</translation>
    </message>
</context>
<context>
    <name>JobTimelineView</name>
    <message numerus="yes">
        <source>Waited %1 (%n waits)</source>
        <translation>
            <numerusform>Wartete %1 (%n Wartezeit)</numerusform>
            <numerusform>Wartete %1 (%n Wartezeiten)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>ran %1 (%n runs)</source>
        <translation>
            <numerusform>lief %1 (%n Lauf)</numerusform>
            <numerusform>lief %1 (%n Läufe)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n retries (%1 of running and waiting again, not split)</source>
        <translation>
            <numerusform>%n erneuter Versuch (%1 Laufen und erneutes Warten, nicht aufgeteilt)</numerusform>
            <numerusform>%n erneute Versuche (%1 Laufen und erneutes Warten, nicht aufgeteilt)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n failures</source>
        <translation>
            <numerusform>%n Fehlschlag</numerusform>
            <numerusform>%n Fehlschläge</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n timeouts</source>
        <translation>
            <numerusform>%n Timeout</numerusform>
            <numerusform>%n Timeouts</numerusform>
        </translation>
    </message>
    <message>
        <source>Hover a span for its exact times; click it or use the arrow keys to show it here.</source>
        <translation>Zeigen Sie auf eine Strecke für ihre genauen Zeiten; klicken Sie sie an oder nutzen Sie die Pfeiltasten, um sie hier zu zeigen.</translation>
    </message>
</context>
<context>
    <name>JsonDataView</name>
    <message>
        <source>Data</source>
        <translation>Daten</translation>
    </message>
    <message>
        <source>Data as stored</source>
        <translation>Daten wie gespeichert</translation>
    </message>
    <message>
        <source>&lt;b&gt;This job&apos;s data is not valid JSON&lt;/b&gt; (%1). It is shown as stored.</source>
        <translation>&lt;b&gt;Die Daten dieses Jobs sind kein gültiges JSON&lt;/b&gt; (%1). Sie werden wie gespeichert angezeigt.</translation>
    </message>
    <message>
        <source>Only the first %1 of %2 characters are shown.</source>
        <translation>Nur die ersten %1 von %2 Zeichen werden angezeigt.</translation>
    </message>
</context>
<context>
    <name>JsonTreeModel</name>
    <message>
        <source>object</source>
        <translation>Objekt</translation>
    </message>
    <message>
        <source>array</source>
        <translation>Array</translation>
    </message>
    <message>
        <source>string</source>
        <translation>Zeichenkette</translation>
    </message>
    <message>
        <source>number</source>
        <translation>Zahl</translation>
    </message>
    <message>
        <source>boolean</source>
        <translation>Wahrheitswert</translation>
    </message>
    <message>
        <source>null</source>
        <translation>null</translation>
    </message>
    <message>
        <source>(value)</source>
        <translation>(Wert)</translation>
    </message>
    <message>
        <source>%1 at character %2</source>
        <translation>%1 bei Zeichen %2</translation>
    </message>
    <message>
        <source>Key</source>
        <translation>Schlüssel</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>Wert</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>Typ</translation>
    </message>
    <message>
        <source>… %1 more (double-click to show)</source>
        <translation>… %1 weitere (Doppelklick zeigt sie)</translation>
    </message>
    <message numerus="yes">
        <source>{%Ln keys}</source>
        <translation>
            <numerusform>{%Ln Schlüssel}</numerusform>
            <numerusform>{%Ln Schlüssel}</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>[%Ln items]</source>
        <translation>
            <numerusform>[%Ln Element]</numerusform>
            <numerusform>[%Ln Elemente]</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>qlessdesk</source>
        <translation>qlessdesk</translation>
    </message>
    <message>
        <source>Pages</source>
        <translation>Seiten</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <source>&amp;Connect…</source>
        <translation>&amp;Verbinden…</translation>
    </message>
    <message>
        <source>&amp;Reconnect</source>
        <translation>&amp;Neu verbinden</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Beenden</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Ansicht</translation>
    </message>
    <message>
        <source>&amp;Refresh now</source>
        <translation>&amp;Jetzt aktualisieren</translation>
    </message>
    <message>
        <source>Reset &amp;layout</source>
        <translation>&amp;Layout zurücksetzen</translation>
    </message>
    <message>
        <source>Window size, splitters and table columns as they first were</source>
        <translation>Fenstergröße, Trenner und Tabellenspalten wie zu Beginn</translation>
    </message>
    <message>
        <source>&amp;Find job or tag</source>
        <translation>Job oder Tag &amp;suchen</translation>
    </message>
    <message>
        <source>&amp;Go</source>
        <translation>&amp;Gehe zu</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Hilfe</translation>
    </message>
    <message>
        <source>&amp;About qlessdesk</source>
        <translation>&amp;Über qlessdesk</translation>
    </message>
    <message>
        <source>About qlessdesk</source>
        <translation>Über qlessdesk</translation>
    </message>
    <message>
        <source>&lt;b&gt;qlessdesk&lt;/b&gt; %1&lt;br&gt;A desktop console for the qless job queue.</source>
        <translation>&lt;b&gt;qlessdesk&lt;/b&gt; %1&lt;br&gt;Eine Desktop-Konsole für die Job-Warteschlange qless.</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>Search failed: %1</source>
        <translation>Suche fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>Job %1 no longer exists in Redis (cancelled, or completed and expired): its window closed.</source>
        <translation>Job %1 existiert in Redis nicht mehr (abgebrochen oder abgeschlossen und verfallen): Sein Fenster wurde geschlossen.</translation>
    </message>
    <message>
        <source>Alert command: %1</source>
        <translation>Alarmbefehl: %1</translation>
    </message>
    <message>
        <source>Connect this window to another server</source>
        <translation>Dieses Fenster mit einem anderen Server verbinden</translation>
    </message>
    <message>
        <source>Open &amp;another server…</source>
        <translation>&amp;Weiteren Server öffnen…</translation>
    </message>
    <message>
        <source>Connect to one more server, in a window of its own</source>
        <translation>Mit einem weiteren Server verbinden, in einem eigenen Fenster</translation>
    </message>
    <message>
        <source>All &amp;servers</source>
        <translation>Alle &amp;Server</translation>
    </message>
    <message>
        <source>Every open server side by side: connection, alerts and totals</source>
        <translation>Alle offenen Server nebeneinander: Verbindung, Alarme und Summen</translation>
    </message>
    <message>
        <source>History: %1</source>
        <translation>Verlauf: %1</translation>
    </message>
</context>
<context>
    <name>NamedRowActions</name>
    <message>
        <source> and %1 more</source>
        <translation> und %1 weitere</translation>
    </message>
</context>
<context>
    <name>OneJobActions</name>
    <message>
        <source>Remove a dependency</source>
        <translation>Eine Abhängigkeit entfernen</translation>
    </message>
    <message>
        <source>All of them (%1)</source>
        <translation>Alle (%1)</translation>
    </message>
    <message>
        <source>Job %1 &amp;stops waiting for:</source>
        <translation>Job %1 &amp;wartet nicht mehr auf:</translation>
    </message>
    <message>
        <source>dependency removed</source>
        <translation>Abhängigkeit entfernt</translation>
    </message>
    <message>
        <source>the job is no longer waiting on dependencies</source>
        <translation>der Job wartet nicht mehr auf Abhängigkeiten</translation>
    </message>
    <message>
        <source>Edit recurring job</source>
        <translation>Wiederkehrenden Job bearbeiten</translation>
    </message>
    <message>
        <source>recurring job updated</source>
        <translation>wiederkehrender Job aktualisiert</translation>
    </message>
    <message>
        <source>no such recurring job</source>
        <translation>kein solcher wiederkehrender Job</translation>
    </message>
    <message>
        <source>Stop recurring job</source>
        <translation>Wiederkehrenden Job beenden</translation>
    </message>
    <message>
        <source>Stop recurring job %1 (%2, every %3 s in %4)?

No more jobs are spawned from it; jobs already spawned stay.</source>
        <translation>Wiederkehrenden Job %1 beenden (%2, alle %3 s in %4)?

Es werden keine Jobs mehr daraus erzeugt; bereits erzeugte Jobs bleiben.</translation>
    </message>
    <message>
        <source>Stop it</source>
        <translation>Beenden</translation>
    </message>
    <message>
        <source>recurring job stopped</source>
        <translation>wiederkehrender Job beendet</translation>
    </message>
    <message>
        <source>Add note</source>
        <translation>Notiz hinzufügen</translation>
    </message>
    <message>
        <source>note added</source>
        <translation>Notiz hinzugefügt</translation>
    </message>
    <message>
        <source>the note was not written</source>
        <translation>die Notiz wurde nicht geschrieben</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
</context>
<context>
    <name>OverviewPage</name>
    <message>
        <source>Queues</source>
        <translation>Warteschlangen</translation>
    </message>
    <message>
        <source>Every queue&apos;s counts; Enter opens the queue, the context menu pauses it</source>
        <translation>Die Zahlen jeder Warteschlange; die Eingabetaste öffnet sie, das Kontextmenü pausiert sie</translation>
    </message>
    <message>
        <source>Failure groups</source>
        <translation>Fehlergruppen</translation>
    </message>
    <message>
        <source>Failed jobs by group; Enter opens the group</source>
        <translation>Fehlgeschlagene Jobs nach Gruppe; die Eingabetaste öffnet die Gruppe</translation>
    </message>
    <message>
        <source>Failures</source>
        <translation>Fehler</translation>
    </message>
    <message>
        <source>Tracked jobs</source>
        <translation>Verfolgte Jobs</translation>
    </message>
    <message>
        <source>Workers</source>
        <translation>Worker</translation>
    </message>
    <message>
        <source> and %1 more</source>
        <translation> und %1 weitere</translation>
    </message>
    <message>
        <source>paused: %1</source>
        <translation>pausiert: %1</translation>
    </message>
    <message>
        <source>%1 holding stalled jobs</source>
        <translation>%1 mit hängenden Jobs</translation>
    </message>
    <message>
        <source>none holding stalled jobs</source>
        <translation>keiner mit hängenden Jobs</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; tracked</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; verfolgt</translation>
    </message>
    <message>
        <source>states of the first %1:</source>
        <translation>Zustände der ersten %1:</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; expired (job gone)</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; verfallen (Job verschwunden)</translation>
    </message>
    <message>
        <source>Overview</source>
        <translation>Übersicht</translation>
    </message>
    <message>
        <source>%1 &amp;nbsp;·&amp;nbsp; &lt;b&gt;%2&lt;/b&gt; waiting &amp;nbsp;·&amp;nbsp; &lt;b&gt;%3&lt;/b&gt; running &amp;nbsp;·&amp;nbsp; %4 stalled &amp;nbsp;·&amp;nbsp; &lt;b&gt;%5&lt;/b&gt; scheduled &amp;nbsp;·&amp;nbsp; &lt;b&gt;%6&lt;/b&gt; depending &amp;nbsp;·&amp;nbsp; &lt;b&gt;%7&lt;/b&gt; recurring &amp;nbsp;·&amp;nbsp; %8 failed</source>
        <translation>%1 &amp;nbsp;·&amp;nbsp; &lt;b&gt;%2&lt;/b&gt; wartend &amp;nbsp;·&amp;nbsp; &lt;b&gt;%3&lt;/b&gt; laufend &amp;nbsp;·&amp;nbsp; %4 hängend &amp;nbsp;·&amp;nbsp; &lt;b&gt;%5&lt;/b&gt; geplant &amp;nbsp;·&amp;nbsp; &lt;b&gt;%6&lt;/b&gt; abhängig &amp;nbsp;·&amp;nbsp; &lt;b&gt;%7&lt;/b&gt; wiederkehrend &amp;nbsp;·&amp;nbsp; %8 fehlgeschlagen</translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;%Ln&lt;/b&gt; queue(s)</source>
        <translation>
            <numerusform>&lt;b&gt;%Ln&lt;/b&gt; Warteschlange</numerusform>
            <numerusform>&lt;b&gt;%Ln&lt;/b&gt; Warteschlangen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;%Ln&lt;/b&gt; worker(s) seen</source>
        <translation>
            <numerusform>&lt;b&gt;%Ln&lt;/b&gt; Worker gesehen</numerusform>
            <numerusform>&lt;b&gt;%Ln&lt;/b&gt; Worker gesehen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;%Ln&lt;/b&gt; job(s) on workers</source>
        <translation>
            <numerusform>&lt;b&gt;%Ln&lt;/b&gt; Job bei Workern</numerusform>
            <numerusform>&lt;b&gt;%Ln&lt;/b&gt; Jobs bei Workern</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>PageShortcuts</name>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
</context>
<context>
    <name>PasswordRequest</name>
    <message>
        <source>The keychain could not be read: %1</source>
        <translation>Der Schlüsselbund konnte nicht gelesen werden: %1</translation>
    </message>
    <message>
        <source>The keychain holds no password for this profile.</source>
        <translation>Der Schlüsselbund enthält kein Passwort für dieses Profil.</translation>
    </message>
    <message>
        <source>Password for %1</source>
        <translation>Passwort für %1</translation>
    </message>
    <message>
        <source>&amp;Password for &quot;%1&quot; (%2):</source>
        <translation>&amp;Passwort für „%1“ (%2):</translation>
    </message>
    <message>
        <source>Connect</source>
        <translation>Verbinden</translation>
    </message>
</context>
<context>
    <name>PasswordStore</name>
    <message>
        <source>The keychain was not unlocked.</source>
        <translation>Der Schlüsselbund wurde nicht entsperrt.</translation>
    </message>
    <message>
        <source>The keychain refused access: %1</source>
        <translation>Der Schlüsselbund verweigerte den Zugriff: %1</translation>
    </message>
    <message>
        <source>The keychain could not delete the password: %1</source>
        <translation>Der Schlüsselbund konnte das Passwort nicht löschen: %1</translation>
    </message>
    <message>
        <source>No keychain is available: %1</source>
        <translation>Kein Schlüsselbund verfügbar: %1</translation>
    </message>
</context>
<context>
    <name>ProfileStore</name>
    <message>
        <source>Could not write the connection profiles to %1.</source>
        <translation>Die Verbindungsprofile konnten nicht nach %1 geschrieben werden.</translation>
    </message>
    <message>
        <source>A profile needs a name.</source>
        <translation>Ein Profil braucht einen Namen.</translation>
    </message>
</context>
<context>
    <name>QObject</name>
    <message>
        <source>Copy jid</source>
        <translation>Jid kopieren</translation>
    </message>
    <message numerus="yes">
        <source>Copy %n jids</source>
        <translation>
            <numerusform>%n Jid kopieren</numerusform>
            <numerusform>%n Jids kopieren</numerusform>
        </translation>
    </message>
    <message>
        <source>Copy rows</source>
        <translation>Zeilen kopieren</translation>
    </message>
    <message>
        <source>Copy jids</source>
        <translation>Jids kopieren</translation>
    </message>
    <message>
        <source>Cancel selected jobs</source>
        <translation>Ausgewählte Jobs abbrechen</translation>
    </message>
    <message>
        <source>%1 in %2</source>
        <translation>%1 in %2</translation>
    </message>
    <message>
        <source>completed jobs</source>
        <translation>abgeschlossene Jobs</translation>
    </message>
    <message>
        <source>completed jobs matching the filter</source>
        <translation>abgeschlossene Jobs, die zum Filter passen</translation>
    </message>
    <message>
        <source>failure group %1</source>
        <translation>Fehlergruppe %1</translation>
    </message>
    <message>
        <source>tag %1</source>
        <translation>Tag %1</translation>
    </message>
    <message>
        <source>worker %1</source>
        <translation>Worker %1</translation>
    </message>
    <message>
        <source>tracked jobs</source>
        <translation>verfolgte Jobs</translation>
    </message>
</context>
<context>
    <name>QlessDependencyReader</name>
    <message>
        <source>gone</source>
        <translation>verschwunden</translation>
    </message>
    <message>
        <source>No job with this jid in Redis: it is listed, but its record is gone.</source>
        <translation>Kein Job mit dieser jid in Redis: sie ist verzeichnet, aber ihr Datensatz fehlt.</translation>
    </message>
    <message>
        <source>Job %1</source>
        <translation>Job %1</translation>
    </message>
    <message>
        <source>Class: %1</source>
        <translation>Klasse: %1</translation>
    </message>
    <message>
        <source>State: %1</source>
        <translation>Zustand: %1</translation>
    </message>
    <message>
        <source>Queue: %1</source>
        <translation>Queue: %1</translation>
    </message>
    <message>
        <source>Worker: %1</source>
        <translation>Worker: %1</translation>
    </message>
    <message>
        <source>Priority: %1</source>
        <translation>Priorität: %1</translation>
    </message>
    <message>
        <source>Tags: %1</source>
        <translation>Tags: %1</translation>
    </message>
    <message>
        <source>Failure group: %1</source>
        <translation>Fehlergruppe: %1</translation>
    </message>
    <message numerus="yes">
        <source>Waits on %n job(s)</source>
        <translation>
            <numerusform>Wartet auf %n Job</numerusform>
            <numerusform>Wartet auf %n Jobs</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n job(s) wait on it</source>
        <translation>
            <numerusform>%n Job wartet auf ihn</numerusform>
            <numerusform>%n Jobs warten auf ihn</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>QlessSession</name>
    <message>
        <source>The audit log %1 could not be written: %2</source>
        <translation>Das Audit-Log %1 konnte nicht geschrieben werden: %2</translation>
    </message>
</context>
<context>
    <name>QueueActions</name>
    <message>
        <source>queue “%1”</source>
        <translation>Warteschlange „%1“</translation>
    </message>
    <message>
        <source>%1 queues (%2)</source>
        <translation>%1 Warteschlangen (%2)</translation>
    </message>
    <message>
        <source>Queue %1</source>
        <translation>Warteschlange %1</translation>
    </message>
    <message>
        <source>%1 selected queues</source>
        <translation>%1 ausgewählte Warteschlangen</translation>
    </message>
    <message>
        <source>Pause</source>
        <translation>Pausieren</translation>
    </message>
    <message>
        <source>Pause %1</source>
        <translation>%1 pausieren</translation>
    </message>
    <message>
        <source>Unpause</source>
        <translation>Fortsetzen</translation>
    </message>
    <message>
        <source>Unpause %1</source>
        <translation>%1 fortsetzen</translation>
    </message>
    <message>
        <source>Max concurrency…</source>
        <translation>Max. Parallelität…</translation>
    </message>
    <message>
        <source>Forget…</source>
        <translation>Vergessen…</translation>
    </message>
    <message>
        <source>Forget the empty ones…</source>
        <translation>Die leeren vergessen…</translation>
    </message>
    <message>
        <source>Only a queue that holds no job and no recurring template can be forgotten.</source>
        <translation>Nur eine Warteschlange ohne Jobs und ohne wiederkehrende Vorlage kann vergessen werden.</translation>
    </message>
    <message>
        <source>All %1 queues</source>
        <translation>Alle %1 Warteschlangen</translation>
    </message>
    <message>
        <source>Pause all…</source>
        <translation>Alle pausieren…</translation>
    </message>
    <message>
        <source>Unpause all…</source>
        <translation>Alle fortsetzen…</translation>
    </message>
    <message>
        <source>Pause queues</source>
        <translation>Warteschlangen pausieren</translation>
    </message>
    <message>
        <source>Unpause queues</source>
        <translation>Warteschlangen fortsetzen</translation>
    </message>
    <message>
        <source>Pause %1?

Workers take no more jobs from it until it is unpaused; jobs already running go on, and nothing is moved or lost.</source>
        <translation>%1 pausieren?

Worker nehmen keine Jobs mehr daraus, bis die Pause endet; bereits laufende Jobs laufen weiter, nichts wird verschoben oder geht verloren.</translation>
    </message>
    <message>
        <source>Unpause %1?

Workers take its waiting jobs again.</source>
        <translation>%1 fortsetzen?

Worker nehmen die wartenden Jobs wieder.</translation>
    </message>
    <message>
        <source>%1 paused</source>
        <translation>%1 pausiert</translation>
    </message>
    <message>
        <source>%1 unpaused</source>
        <translation>%1 fortgesetzt</translation>
    </message>
    <message>
        <source>Forget queues</source>
        <translation>Warteschlangen vergessen</translation>
    </message>
    <message>
        <source>Forget %1?

A queue that holds nothing leaves the queues list (its stats and settings stay). A queue that still holds jobs or a recurring template is kept.</source>
        <translation>%1 vergessen?

Eine leere Warteschlange verschwindet aus der Liste (ihre Statistiken und Einstellungen bleiben). Eine Warteschlange, die noch Jobs oder eine wiederkehrende Vorlage enthält, bleibt.</translation>
    </message>
    <message>
        <source>Forget</source>
        <translation>Vergessen</translation>
    </message>
    <message>
        <source>Forgotten: %1.</source>
        <translation>Vergessen: %1.</translation>
    </message>
    <message>
        <source>Kept, because they hold jobs or a recurring template: %1.</source>
        <translation>Behalten, weil sie Jobs oder eine wiederkehrende Vorlage enthalten: %1.</translation>
    </message>
    <message>
        <source>Max concurrency</source>
        <translation>Max. Parallelität</translation>
    </message>
    <message>
        <source>&amp;At most this many jobs of queue “%1” run at once (0: no limit).
Running now: %2.</source>
        <translation>&amp;Höchstens so viele Jobs der Warteschlange „%1“ laufen gleichzeitig (0: keine Begrenzung).
Jetzt laufend: %2.</translation>
    </message>
</context>
<context>
    <name>QueueListModel</name>
    <message>
        <source>qless&apos;s length of the queue: its waiting, running, stalled and scheduled jobs (not those waiting on dependencies, not recurring templates).</source>
        <translation>qless’ Länge der Warteschlange: ihre wartenden, laufenden, hängenden und geplanten Jobs (nicht die auf Abhängigkeiten wartenden, keine wiederkehrenden Vorlagen).</translation>
    </message>
    <message>
        <source>Queue</source>
        <translation>Warteschlange</translation>
    </message>
    <message>
        <source>Waiting</source>
        <translation>Wartend</translation>
    </message>
    <message>
        <source>Running</source>
        <translation>Laufend</translation>
    </message>
    <message>
        <source>Stalled</source>
        <translation>Hängend</translation>
    </message>
    <message>
        <source>Scheduled</source>
        <translation>Geplant</translation>
    </message>
    <message>
        <source>Depends</source>
        <translation>Abhängig</translation>
    </message>
    <message>
        <source>Recurring</source>
        <translation>Wiederkehrend</translation>
    </message>
    <message>
        <source>Length</source>
        <translation>Länge</translation>
    </message>
    <message>
        <source>%1 (paused)</source>
        <translation>%1 (pausiert)</translation>
    </message>
    <message>
        <source>⚠ %1</source>
        <translation>⚠ %1</translation>
    </message>
    <message>
        <source>%1 / %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <source>Damaged in Redis, counted as 0: %1.</source>
        <translation>In Redis beschädigt, als 0 gezählt: %1.</translation>
    </message>
    <message>
        <source>Paused: workers pop nothing from this queue.</source>
        <translation>Pausiert: Worker holen nichts aus dieser Warteschlange.</translation>
    </message>
    <message>
        <source>Paused since %1 (from this console, by its audit log).</source>
        <translation>Pausiert seit %1 (von dieser Konsole, laut ihrem Audit-Log).</translation>
    </message>
    <message>
        <source>qless does not record since when (this console&apos;s audit log has no pause of it in force).</source>
        <translation>qless verzeichnet nicht, seit wann (das Audit-Log dieser Konsole enthält keine wirksame Pause davon).</translation>
    </message>
    <message>
        <source>At most %1 of its jobs run at once (%2-max-concurrency).</source>
        <translation>Höchstens %1 ihrer Jobs laufen gleichzeitig (%2-max-concurrency).</translation>
    </message>
    <message>
        <source>Jobs qless timed out count as waiting (as qless counts them): they are handed out first.</source>
        <translation>Jobs mit Timeout zählen als wartend (wie qless sie zählt): Sie werden zuerst ausgegeben.</translation>
    </message>
</context>
<context>
    <name>QueuePickerDialog</name>
    <message>
        <source>Move to queue</source>
        <translation>In Warteschlange verschieben</translation>
    </message>
    <message>
        <source>queue name: pick one or type a new one</source>
        <translation>Name der Warteschlange: eine wählen oder eine neue eingeben</translation>
    </message>
    <message>
        <source>Queue</source>
        <translation>Warteschlange</translation>
    </message>
    <message>
        <source>The queue list could not be read (%1); type the name.</source>
        <translation>Die Liste der Warteschlangen konnte nicht gelesen werden (%1); geben Sie den Namen ein.</translation>
    </message>
    <message>
        <source>“%1” is a new queue: it appears when the jobs arrive.</source>
        <translation>„%1“ ist eine neue Warteschlange: Sie erscheint, wenn die Jobs ankommen.</translation>
    </message>
</context>
<context>
    <name>QueuesPage</name>
    <message>
        <source>Only timed out</source>
        <translation>Nur Timeout</translation>
    </message>
    <message>
        <source>Queues</source>
        <translation>Warteschlangen</translation>
    </message>
    <message>
        <source>The queue chosen here fills the tabs beside</source>
        <translation>Die hier gewählte Warteschlange füllt die Reiter daneben</translation>
    </message>
    <message>
        <source>Filter by jid, class or tag</source>
        <translation>Nach Jid, Klasse oder Tag filtern</translation>
    </message>
    <message>
        <source>Filter jobs</source>
        <translation>Jobs filtern</translation>
    </message>
    <message>
        <source>Shows the loaded jobs whose jid, class or tag holds every word</source>
        <translation>Zeigt die geladenen Jobs, deren Jid, Klasse oder Tag jedes Wort enthält</translation>
    </message>
    <message>
        <source>Show only the jobs qless timed out: they lead the Waiting list, and the next pop of this queue takes them first</source>
        <translation>Nur die Jobs mit Timeout zeigen: Sie stehen vorn in der Liste „Wartend“, und das nächste Pop dieser Warteschlange nimmt sie zuerst</translation>
    </message>
    <message>
        <source>Save every job of this tab&apos;s list as a CSV file: all of it, read from the server (not only the rows loaded, whatever the filter shows); times in UTC</source>
        <translation>Jeden Job der Liste dieses Reiters als CSV-Datei speichern: die ganze Liste, vom Server gelesen (nicht nur die geladenen Zeilen, was auch immer der Filter zeigt); Zeiten in UTC</translation>
    </message>
    <message>
        <source>Clear the filter to act on every job of the list (it filters loaded rows only)</source>
        <translation>Filter leeren, um auf jeden Job der Liste zu wirken (er filtert nur geladene Zeilen)</translation>
    </message>
    <message>
        <source>No queues yet</source>
        <translation>Noch keine Warteschlangen</translation>
    </message>
    <message>
        <source>&amp;nbsp;·&amp;nbsp; length %1</source>
        <translation>&amp;nbsp;·&amp;nbsp; Länge %1</translation>
    </message>
    <message>
        <source>paused</source>
        <translation>pausiert</translation>
    </message>
    <message>
        <source>Waiting</source>
        <translation>Wartend</translation>
    </message>
    <message>
        <source>Running</source>
        <translation>Laufend</translation>
    </message>
    <message>
        <source>Stalled</source>
        <translation>Hängend</translation>
    </message>
    <message>
        <source>Scheduled</source>
        <translation>Geplant</translation>
    </message>
    <message>
        <source>Depends</source>
        <translation>Abhängig</translation>
    </message>
    <message>
        <source>Recurring</source>
        <translation>Wiederkehrend</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>Could not read this list: %1</source>
        <translation>Diese Liste konnte nicht gelesen werden: %1</translation>
    </message>
    <message>
        <source>%1 of %2 loaded; scroll down to load more</source>
        <translation>%1 von %2 geladen; nach unten scrollen, um mehr zu laden</translation>
    </message>
    <message>
        <source>%1 match the filter · %2</source>
        <translation>%1 passen zum Filter · %2</translation>
    </message>
    <message>
        <source>Only timed-out jobs: %1 shown of %2 waiting (the next pop takes them first)</source>
        <translation>Nur Jobs mit Timeout: %1 gezeigt von %2 wartenden (das nächste Pop nimmt sie zuerst)</translation>
    </message>
    <message>
        <source>nothing (released on the next change)</source>
        <translation>nichts (wird bei der nächsten Änderung freigegeben)</translation>
    </message>
    <message>
        <source> and %1 more</source>
        <translation> und %1 weitere</translation>
    </message>
    <message>
        <source>In queue</source>
        <translation>In Warteschlange</translation>
    </message>
    <message>
        <source>Timed out from</source>
        <translation>Timeout von</translation>
    </message>
    <message>
        <source>Due</source>
        <translation>Fällig</translation>
    </message>
    <message>
        <source>Waits on</source>
        <translation>Wartet auf</translation>
    </message>
    <message numerus="yes">
        <source>%Ln job(s)</source>
        <translation>
            <numerusform>%Ln Job</numerusform>
            <numerusform>%Ln Jobs</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln template(s)</source>
        <translation>
            <numerusform>%Ln Vorlage</numerusform>
            <numerusform>%Ln Vorlagen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln timed out (listed first: the next pop takes them) · %1</source>
        <translation>
            <numerusform>%Ln mit Timeout (zuerst aufgeführt: das nächste Pop nimmt ihn) · %1</numerusform>
            <numerusform>%Ln mit Timeout (zuerst aufgeführt: das nächste Pop nimmt sie) · %1</numerusform>
        </translation>
    </message>
    <message>
        <source>Lock expires</source>
        <translation>Sperre läuft ab</translation>
    </message>
    <message>
        <source>Lock expired</source>
        <translation>Sperre abgelaufen</translation>
    </message>
</context>
<context>
    <name>RateSparkline</name>
    <message>
        <source>Events per second over the last minute</source>
        <translation>Ereignisse pro Sekunde in der letzten Minute</translation>
    </message>
    <message>
        <source>Highest: %1 a second</source>
        <translation>Höchstwert: %1 pro Sekunde</translation>
    </message>
</context>
<context>
    <name>RecurringEditDialog</name>
    <message>
        <source>Edit recurring job</source>
        <translation>Wiederkehrenden Job bearbeiten</translation>
    </message>
    <message>
        <source> s</source>
        <translation> s</translation>
    </message>
    <message>
        <source>no cap</source>
        <translation>keine Grenze</translation>
    </message>
    <message>
        <source>After a pause in polling, at most this many missed runs are spawned at once (0: every missed run).</source>
        <translation>Nach einer Pause im Abruf werden höchstens so viele verpasste Läufe auf einmal erzeugt (0: jeder verpasste Lauf).</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; (%2)</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; (%2)</translation>
    </message>
    <message>
        <source>&amp;Every</source>
        <translation>&amp;Alle</translation>
    </message>
    <message>
        <source>&amp;Priority</source>
        <translation>&amp;Priorität</translation>
    </message>
    <message>
        <source>&amp;Retries</source>
        <translation>&amp;Versuche</translation>
    </message>
    <message>
        <source>&amp;Queue</source>
        <translation>&amp;Warteschlange</translation>
    </message>
    <message>
        <source>&amp;Backlog</source>
        <translation>&amp;Rückstau</translation>
    </message>
</context>
<context>
    <name>RecurringListModel</name>
    <message>
        <source>Template</source>
        <translation>Vorlage</translation>
    </message>
    <message>
        <source>Class</source>
        <translation>Klasse</translation>
    </message>
    <message>
        <source>Priority</source>
        <translation>Priorität</translation>
    </message>
    <message>
        <source>Tags</source>
        <translation>Tags</translation>
    </message>
    <message>
        <source>Every</source>
        <translation>Alle</translation>
    </message>
    <message>
        <source>Next run</source>
        <translation>Nächster Lauf</translation>
    </message>
    <message>
        <source>Spawned</source>
        <translation>Erzeugt</translation>
    </message>
    <message>
        <source>Backlog</source>
        <translation>Rückstau</translation>
    </message>
    <message>
        <source>Retries</source>
        <translation>Versuche</translation>
    </message>
    <message>
        <source>Not read again since it was out of view: as it was when last read.</source>
        <translation>Nicht erneut gelesen, da nicht sichtbar: Stand beim letzten Lesen.</translation>
    </message>
    <message>
        <source>%1: missing</source>
        <translation>%1: fehlt</translation>
    </message>
    <message>
        <source>%1: not valid: %2</source>
        <translation>%1: ungültig: %2</translation>
    </message>
    <message>
        <source>This template&apos;s data in Redis is damaged:
%1</source>
        <translation>Die Daten dieser Vorlage in Redis sind beschädigt:
%1</translation>
    </message>
    <message>
        <source>Queue %1 is paused: nothing is spawned while it is; the runs missed meanwhile are spawned when it is unpaused and popped (at most the backlog at once, if one is set).</source>
        <translation>Warteschlange %1 ist pausiert: Solange sie es ist, wird nichts erzeugt; die inzwischen verpassten Läufe werden erzeugt, wenn die Pause endet und abgerufen wird (höchstens der Rückstau auf einmal, falls einer gesetzt ist).</translation>
    </message>
    <message>
        <source>Spawns jobs %1-1, %1-2, … with data:
%2</source>
        <translation>Erzeugt Jobs %1-1, %1-2, … mit den Daten:
%2</translation>
    </message>
    <message>
        <source>After missed runs, spawns at most %1 at once (backlog).</source>
        <translation>Nach verpassten Läufen werden höchstens %1 auf einmal erzeugt (Rückstau).</translation>
    </message>
    <message>
        <source>(invalid)</source>
        <translation>(ungültig)</translation>
    </message>
    <message>
        <source>not scheduled</source>
        <translation>nicht geplant</translation>
    </message>
    <message>
        <source>in %1</source>
        <translation>in %1</translation>
    </message>
    <message>
        <source>due %1 ago</source>
        <translation>fällig seit %1</translation>
    </message>
    <message>
        <source>%1 (queue paused)</source>
        <translation>%1 (Warteschlange pausiert)</translation>
    </message>
    <message>
        <source>no cap</source>
        <translation>keine Grenze</translation>
    </message>
</context>
<context>
    <name>RecurringPane</name>
    <message>
        <source>Recurring job %1</source>
        <translation>Wiederkehrender Job %1</translation>
    </message>
    <message>
        <source>Edit…</source>
        <translation>Bearbeiten…</translation>
    </message>
    <message>
        <source>Interval, priority, retries, queue or backlog</source>
        <translation>Intervall, Priorität, Versuche, Warteschlange oder Rückstau</translation>
    </message>
    <message>
        <source>Stop recurring…</source>
        <translation>Wiederkehr beenden…</translation>
    </message>
</context>
<context>
    <name>RefreshTimer</name>
    <message>
        <source>the refresh did not end within %1 s</source>
        <translation>die Aktualisierung endete nicht innerhalb von %1 s</translation>
    </message>
    <message>
        <source>the page went away during its refresh</source>
        <translation>die Seite verschwand während ihrer Aktualisierung</translation>
    </message>
</context>
<context>
    <name>SearchPage</name>
    <message>
        <source>&amp;Search</source>
        <translation>&amp;Suchen</translation>
    </message>
    <message>
        <source>&amp;Cancel</source>
        <translation>Abbre&amp;chen</translation>
    </message>
    <message>
        <source>C&amp;ontinue</source>
        <translation>&amp;Fortsetzen</translation>
    </message>
    <message>
        <source>Fill in what to look for and press Enter: every job on the server is looked at.</source>
        <translation>Geben Sie ein, wonach gesucht wird, und drücken Sie die Eingabetaste: Jeder Job auf dem Server wird durchsucht.</translation>
    </message>
    <message>
        <source>Wait for the search to end (or cancel it) to act on all its matches</source>
        <translation>Warten Sie das Ende der Suche ab (oder brechen Sie sie ab), um auf alle Treffer zu wirken</translation>
    </message>
    <message>
        <source>Search every job</source>
        <translation>Jeden Job durchsuchen</translation>
    </message>
    <message>
        <source>Cancel the search</source>
        <translation>Suche abbrechen</translation>
    </message>
    <message>
        <source>Continue the search where it stopped</source>
        <translation>Suche dort fortsetzen, wo sie anhielt</translation>
    </message>
    <message>
        <source>Goes on looking from where the search stopped, keeping the matches found</source>
        <translation>Sucht dort weiter, wo die Suche anhielt, und behält die gefundenen Treffer</translation>
    </message>
    <message>
        <source>&amp;Act on all matches</source>
        <translation>Akt&amp;ion für alle Treffer</translation>
    </message>
    <message>
        <source>Act on all matches</source>
        <translation>Aktion für alle Treffer</translation>
    </message>
    <message>
        <source>Search progress</source>
        <translation>Suchfortschritt</translation>
    </message>
    <message>
        <source>Search: %1</source>
        <translation>Suche: %1</translation>
    </message>
    <message numerus="yes">
        <source>%Ln matches</source>
        <translation>
            <numerusform>%Ln Treffer</numerusform>
            <numerusform>%Ln Treffer</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln keys looked at</source>
        <translation>
            <numerusform>%Ln Schlüssel durchsucht</numerusform>
            <numerusform>%Ln Schlüssel durchsucht</numerusform>
        </translation>
    </message>
    <message>
        <source>Searching… %1 so far; %2 of about %3.</source>
        <translation>Suche läuft… bisher %1; %2 von etwa %3.</translation>
    </message>
    <message>
        <source>%1 among every job, in %2 s.</source>
        <translation>%1 unter allen Jobs, in %2 s.</translation>
    </message>
    <message>
        <source>The search stopped: %1. %2 before that; Continue goes on from there.</source>
        <translation>Die Suche brach ab: %1. Zuvor %2; Fortsetzen macht dort weiter.</translation>
    </message>
    <message>
        <source>The search stopped: %1. %2 before that.</source>
        <translation>Die Suche brach ab: %1. Zuvor %2.</translation>
    </message>
    <message>
        <source>Cancelled after %1 (about %2 of the keys): %3. Continue goes on from there.</source>
        <translation>Abgebrochen: %1 (etwa %2 der Schlüssel): %3. Fortsetzen macht dort weiter.</translation>
    </message>
    <message numerus="yes">
        <source>all %Ln matches of the search</source>
        <translation>
            <numerusform>der %Ln Treffer der Suche</numerusform>
            <numerusform>alle %Ln Treffer der Suche</numerusform>
        </translation>
    </message>
    <message>
        <source>Search</source>
        <translation>Suche</translation>
    </message>
</context>
<context>
    <name>ServerOverviewModel</name>
    <message>
        <source>not answering</source>
        <translation>antwortet nicht</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message numerus="yes">
        <source>%n on</source>
        <translation>
            <numerusform>%n aktiv</numerusform>
            <numerusform>%n aktiv</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>no reply for %n s</source>
        <translation>
            <numerusform>seit %n s keine Antwort</numerusform>
            <numerusform>seit %n s keine Antwort</numerusform>
        </translation>
    </message>
    <message>
        <source>never</source>
        <translation>nie</translation>
    </message>
    <message>
        <source>%1 (%2 paused)</source>
        <translation>%1 (%2 pausiert)</translation>
    </message>
    <message>
        <source>%1
Double-click or Enter: its window</source>
        <translation>%1
Doppelklick oder Eingabe: sein Fenster</translation>
    </message>
    <message numerus="yes">
        <source>Connected, but the last read has had no reply for %n s: the server is busy or the network is stalled. The other servers are read on regardless.</source>
        <translation>
            <numerusform>Verbunden, aber das letzte Lesen ist seit %n s ohne Antwort: Der Server ist ausgelastet oder das Netz hängt. Die anderen Server werden trotzdem weiter gelesen.</numerusform>
            <numerusform>Verbunden, aber das letzte Lesen ist seit %n s ohne Antwort: Der Server ist ausgelastet oder das Netz hängt. Die anderen Server werden trotzdem weiter gelesen.</numerusform>
        </translation>
    </message>
    <message>
        <source>No alert is on</source>
        <translation>Kein Alarm ist aktiv</translation>
    </message>
    <message numerus="yes">
        <source>%1 failed jobs in %n failure group(s)</source>
        <translation>
            <numerusform>%1 fehlgeschlagene Jobs in %n Fehlergruppe</numerusform>
            <numerusform>%1 fehlgeschlagene Jobs in %n Fehlergruppen</numerusform>
        </translation>
    </message>
    <message>
        <source>The last read failed: %1</source>
        <translation>Das letzte Lesen schlug fehl: %1</translation>
    </message>
    <message>
        <source>Server</source>
        <translation>Server</translation>
    </message>
    <message>
        <source>Connection</source>
        <translation>Verbindung</translation>
    </message>
    <message>
        <source>Alerts</source>
        <translation>Alarme</translation>
    </message>
    <message>
        <source>Queues</source>
        <translation>Warteschlangen</translation>
    </message>
    <message>
        <source>Waiting</source>
        <translation>Wartend</translation>
    </message>
    <message>
        <source>Running</source>
        <translation>Laufend</translation>
    </message>
    <message>
        <source>Stalled</source>
        <translation>Hängend</translation>
    </message>
    <message>
        <source>Scheduled</source>
        <translation>Geplant</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>Fehlgeschlagen</translation>
    </message>
    <message>
        <source>Workers</source>
        <translation>Worker</translation>
    </message>
    <message>
        <source>Last read</source>
        <translation>Zuletzt gelesen</translation>
    </message>
    <message>
        <source>a system&apos;s read failed: %1</source>
        <translation>das Lesen eines Systems schlug fehl: %1</translation>
    </message>
    <message>
        <source>[last read failed: %1]</source>
        <translation>[letztes Lesen fehlgeschlagen: %1]</translation>
    </message>
    <message>
        <source>No other job system (Blueque, SideJob) found on this server</source>
        <translation>Kein anderes Job-System (Blueque, SideJob) auf diesem Server gefunden</translation>
    </message>
    <message>
        <source>Other job systems</source>
        <translation>Andere Job-Systeme</translation>
    </message>
</context>
<context>
    <name>SideJobAction</name>
    <message>
        <source>The value is empty: write JSON, for example 42, &quot;text&quot;, [1, 2] or {&quot;key&quot;: 1}.</source>
        <translation>Der Wert ist leer: JSON eingeben, zum Beispiel 42, &quot;Text&quot;, [1, 2] oder {&quot;key&quot;: 1}.</translation>
    </message>
    <message>
        <source>The value must be one JSON value, not several.</source>
        <translation>Der Wert muss ein einziger JSON-Wert sein, nicht mehrere.</translation>
    </message>
    <message>
        <source>Not JSON: %1 at character %2. Text must be quoted (&quot;text&quot;).</source>
        <translation>Kein JSON: %1 bei Zeichen %2. Text muss in Anführungszeichen stehen (&quot;Text&quot;).</translation>
    </message>
    <message>
        <source>job %1</source>
        <translation>Job %1</translation>
    </message>
    <message numerus="yes">
        <source>%n selected job(s)</source>
        <translation>
            <numerusform>%n ausgewählter Job</numerusform>
            <numerusform>%n ausgewählte Jobs</numerusform>
        </translation>
    </message>
    <message>
        <source>Run %1</source>
        <translation>%1 ausführen</translation>
    </message>
    <message>
        <source>Force a run of %1</source>
        <translation>%1 erzwungen ausführen</translation>
    </message>
    <message>
        <source>Terminate %1</source>
        <translation>%1 beenden</translation>
    </message>
    <message>
        <source>Terminate %1 and its descendants</source>
        <translation>%1 und seine Nachkommen beenden</translation>
    </message>
    <message>
        <source>Terminate %1 and their descendants</source>
        <translation>%1 und ihre Nachkommen beenden</translation>
    </message>
    <message>
        <source>Delete terminated %1 and its descendants</source>
        <translation>Beendeten %1 und seine Nachkommen löschen</translation>
    </message>
    <message>
        <source>Delete terminated %1 and their descendants</source>
        <translation>Beendete %1 und ihre Nachkommen löschen</translation>
    </message>
    <message>
        <source>Write a value to input port %1 of %2</source>
        <translation>Einen Wert in den Eingang %1 von %2 schreiben</translation>
    </message>
</context>
<context>
    <name>SideJobActions</name>
    <message>
        <source>The console never removes a SideJob job&apos;s item from a Sidekiq queue or the schedule (the job would stay queued with nothing to run it), and never touches a job&apos;s lock.</source>
        <translation>Die Konsole entfernt nie den Eintrag eines SideJob-Jobs aus einer Sidekiq-Warteschlange oder dem Zeitplan (der Job bliebe sonst wartend, ohne dass ihn etwas ausführt) und berührt nie die Sperre eines Jobs.</translation>
    </message>
    <message>
        <source>Run %1?

Each job is set queued and its item pushed on its Sidekiq queue, as SideJob&apos;s own run does; no second item when one already waits or a worker is taking the job. Only a job running, queued, suspended or completed is run; a failed, terminating or terminated one is skipped (that needs a forced run).

%2</source>
        <translation>%1 ausführen?

Jeder Job wird auf „queued“ gesetzt und sein Eintrag in seine Sidekiq-Warteschlange geschoben, wie SideJobs eigenes run es tut; kein zweiter Eintrag, wenn schon einer wartet oder ein Worker den Job gerade übernimmt. Ausgeführt wird nur ein Job, der läuft, wartet, pausiert oder abgeschlossen ist; ein fehlgeschlagener, endender oder beendeter wird übersprungen (dafür braucht es eine erzwungene Ausführung).

%2</translation>
    </message>
    <message>
        <source>Force a run of %1?

Forcing runs a job whatever its status, as SideJob&apos;s run(force: true): a failed job runs again from its saved state and may repeat its side effects; a terminated job comes back although its shutdown already ran; a terminating job loses the shutdown it was waiting for.

%2</source>
        <translation>%1 erzwungen ausführen?

Erzwingen führt einen Job in jedem Status aus, wie SideJobs run(force: true): Ein fehlgeschlagener Job läuft erneut von seinem gespeicherten Zustand aus und kann seine Nebenwirkungen wiederholen; ein beendeter Job kommt zurück, obwohl sein shutdown schon gelaufen ist; ein endender Job verliert den shutdown, auf den er wartete.

%2</translation>
    </message>
    <message>
        <source>Terminate %1?

Each job is set terminating and queued on Sidekiq, so that a worker runs its shutdown and sets it terminated, as SideJob&apos;s terminate does. A job running now is not stopped: its worker finishes first. Its children are left as they are. Terminated jobs are skipped.

%2</source>
        <translation>%1 beenden?

Jeder Job wird auf „terminating“ gesetzt und in Sidekiq eingereiht, damit ein Worker seinen shutdown ausführt und ihn auf „terminated“ setzt, wie SideJobs terminate es tut. Ein gerade laufender Job wird nicht angehalten: Sein Worker läuft erst zu Ende. Seine Kinder bleiben, wie sie sind. Beendete Jobs werden übersprungen.

%2</translation>
    </message>
    <message>
        <source>Terminate %1 and every descendant?

Every descendant is read first, then each job is set terminating and queued on Sidekiq, parents first, at most 100 jobs a call, as SideJob&apos;s terminate(recursive: true) does. The whole is not atomic: while it runs, part of the tree is terminating. A job running now is not stopped: its worker finishes first. Terminated jobs are skipped.

%2</source>
        <translation>%1 und alle Nachkommen beenden?

Zuerst werden alle Nachkommen gelesen, dann wird jeder Job auf „terminating“ gesetzt und in Sidekiq eingereiht, Eltern zuerst, höchstens 100 Jobs je Aufruf, wie SideJobs terminate(recursive: true) es tut. Das Ganze ist nicht atomar: Während es läuft, endet ein Teil des Baums schon. Ein gerade laufender Job wird nicht angehalten: Sein Worker läuft erst zu Ende. Beendete Jobs werden übersprungen.

%2</translation>
    </message>
    <message>
        <source>Delete %1 and every descendant?

The whole tree is read first: if any job in it is not terminated, is locked by a worker or is missing, nothing of that tree is deleted. Otherwise each job&apos;s keys are deleted and its id taken out of jobs, as SideJob&apos;s delete does, from the leaves up, at most 64 jobs a call, each call checking again that everything it deletes is terminated. This cannot be undone.

Items the jobs may still have in a Sidekiq queue or the schedule are left there: Sidekiq drops them when it fetches them. %2</source>
        <translation>%1 und alle Nachkommen löschen?

Zuerst wird der ganze Baum gelesen: Ist ein Job darin nicht beendet, von einem Worker gesperrt oder fehlt er, wird von diesem Baum nichts gelöscht. Sonst werden die Schlüssel jedes Jobs gelöscht und seine ID aus jobs entfernt, wie SideJobs delete es tut, von den Blättern aufwärts, höchstens 64 Jobs je Aufruf, und jeder Aufruf prüft erneut, dass alles, was er löscht, beendet ist. Das kann nicht rückgängig gemacht werden.

Einträge, die die Jobs noch in einer Sidekiq-Warteschlange oder im Zeitplan haben, bleiben dort: Sidekiq verwirft sie, wenn es sie abholt. %2</translation>
    </message>
    <message>
        <source>Write %1 to input port %2 of %3?

The value is appended to the port&apos;s list as SideJob&apos;s Port#write does (wrapped as {&quot;data&quot;: …} in layout 4.1), the job is run (not forced: a failed, terminating or terminated job keeps its status) and the write is logged. It is written once: if the reply is lost, it is not sent again.</source>
        <translation>%1 in den Eingang %2 von %3 schreiben?

Der Wert wird an die Liste des Eingangs angehängt, wie SideJobs Port#write es tut (im Layout 4.1 als {&quot;data&quot;: …} verpackt), der Job wird ausgeführt (nicht erzwungen: ein fehlgeschlagener, endender oder beendeter Job behält seinen Status) und das Schreiben protokolliert. Er wird einmal geschrieben: Geht die Antwort verloren, wird er nicht erneut gesendet.</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>Ausführen</translation>
    </message>
    <message>
        <source>Force run</source>
        <translation>Erzwungen ausführen</translation>
    </message>
    <message>
        <source>Terminate</source>
        <translation>Beenden</translation>
    </message>
    <message>
        <source>Terminate tree</source>
        <translation>Baum beenden</translation>
    </message>
    <message>
        <source>Delete tree</source>
        <translation>Baum löschen</translation>
    </message>
    <message>
        <source>Write</source>
        <translation>Schreiben</translation>
    </message>
    <message numerus="yes">
        <source>&amp;Run %n job(s)…</source>
        <translation>
            <numerusform>%n Job &amp;ausführen…</numerusform>
            <numerusform>%n Jobs &amp;ausführen…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>&amp;Force a run of %n job(s)…</source>
        <translation>
            <numerusform>%n Job &amp;erzwungen ausführen…</numerusform>
            <numerusform>%n Jobs &amp;erzwungen ausführen…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>&amp;Terminate %n job(s)…</source>
        <translation>
            <numerusform>%n Job &amp;beenden…</numerusform>
            <numerusform>%n Jobs &amp;beenden…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Terminate %n job(s) with all &amp;descendants…</source>
        <translation>
            <numerusform>%n Job mit allen &amp;Nachkommen beenden…</numerusform>
            <numerusform>%n Jobs mit allen &amp;Nachkommen beenden…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>De&amp;lete %n terminated job(s) with all descendants…</source>
        <translation>
            <numerusform>%n beendeten Job mit allen Nachkommen &amp;löschen…</numerusform>
            <numerusform>%n beendete Jobs mit allen Nachkommen &amp;löschen…</numerusform>
        </translation>
    </message>
    <message>
        <source>&amp;Write to an input port…</source>
        <translation>In einen Eingang &amp;schreiben…</translation>
    </message>
    <message>
        <source>A JSON value appended to one of the job&apos;s input ports; the job is then run.</source>
        <translation>Ein JSON-Wert wird an einen Eingang des Jobs angehängt; danach wird der Job ausgeführt.</translation>
    </message>
    <message>
        <source>Write to an input port of job %1</source>
        <translation>In einen Eingang von Job %1 schreiben</translation>
    </message>
</context>
<context>
    <name>SideJobBulkRun</name>
    <message>
        <source>not in jobs (deleted meanwhile)</source>
        <translation>nicht in jobs (inzwischen gelöscht)</translation>
    </message>
    <message>
        <source>not deleted: its tree names a child that is not in jobs</source>
        <translation>nicht gelöscht: sein Baum nennt ein Kind, das nicht in jobs ist</translation>
    </message>
    <message>
        <source>not terminated (%1): only a terminated tree is deleted</source>
        <translation>nicht beendet (%1): gelöscht wird nur ein beendeter Baum</translation>
    </message>
    <message>
        <source>not deleted: a job of its tree is not terminated</source>
        <translation>nicht gelöscht: ein Job seines Baums ist nicht beendet</translation>
    </message>
    <message>
        <source>not deleted: a worker holds a lock in its tree</source>
        <translation>nicht gelöscht: ein Worker hält eine Sperre in seinem Baum</translation>
    </message>
    <message>
        <source>not deleted: its tree mixes layouts 4.0 and 4.1</source>
        <translation>nicht gelöscht: sein Baum mischt die Layouts 4.0 und 4.1</translation>
    </message>
    <message>
        <source>the reply was lost with the connection: whether the value was written is not known (look at the port); not sent again</source>
        <translation>die Antwort ging mit der Verbindung verloren: ob der Wert geschrieben wurde, ist unbekannt (den Eingang ansehen); nicht erneut gesendet</translation>
    </message>
    <message>
        <source>the connection failed: %1</source>
        <translation>die Verbindung ist ausgefallen: %1</translation>
    </message>
    <message>
        <source>Waiting for the connection: %1</source>
        <translation>Warten auf die Verbindung: %1</translation>
    </message>
    <message>
        <source>A reply was lost with the connection: its jobs were looked up afterwards, those already changed counted done, the others sent again.</source>
        <translation>Eine Antwort ging mit der Verbindung verloren: Ihre Jobs wurden danach nachgesehen, die schon geänderten als erledigt gezählt, die anderen erneut gesendet.</translation>
    </message>
    <message>
        <source>Interrupted: the run was closed before its end (%1). Jobs of the call in flight may or may not have been changed.</source>
        <translation>Unterbrochen: Der Lauf wurde vor seinem Ende geschlossen (%1). Jobs des laufenden Aufrufs können geändert worden sein oder nicht.</translation>
    </message>
    <message>
        <source>reading the subtree failed: %1</source>
        <translation>das Lesen des Teilbaums ist fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>no job record (being created, or not a SideJob key)</source>
        <translation>kein Job-Datensatz (wird gerade angelegt, oder kein SideJob-Schlüssel)</translation>
    </message>
    <message>
        <source>not in jobs (deleted, or named by a parent but never created)</source>
        <translation>nicht in jobs (gelöscht, oder von einem Elternjob genannt, aber nie angelegt)</translation>
    </message>
    <message>
        <source>already terminated</source>
        <translation>schon beendet</translation>
    </message>
    <message>
        <source>kept: a descendant could not be deleted</source>
        <translation>behalten: ein Nachkomme konnte nicht gelöscht werden</translation>
    </message>
    <message>
        <source>Jobs whose class is no longer registered were set terminated at once, without their shutdown, as the library does.</source>
        <translation>Jobs, deren Klasse nicht mehr registriert ist, wurden sofort auf beendet gesetzt, ohne ihren shutdown, wie die Bibliothek es tut.</translation>
    </message>
    <message>
        <source>its status (%1) does not allow a run without forcing</source>
        <translation>sein Status (%1) erlaubt keine Ausführung ohne Erzwingen</translation>
    </message>
    <message>
        <source>stored in another layout than listed (%1)</source>
        <translation>in einem anderen Layout gespeichert als aufgeführt (%1)</translation>
    </message>
    <message>
        <source>no job record (being created)</source>
        <translation>kein Job-Datensatz (wird gerade angelegt)</translation>
    </message>
    <message>
        <source>its record cannot be read</source>
        <translation>sein Datensatz ist nicht lesbar</translation>
    </message>
    <message>
        <source>its class is no longer registered for its queue: the library would terminate it</source>
        <translation>seine Klasse ist für seine Warteschlange nicht mehr registriert: die Bibliothek würde ihn beenden</translation>
    </message>
    <message>
        <source>no such input port</source>
        <translation>kein solcher Eingang</translation>
    </message>
    <message>
        <source>not a port name</source>
        <translation>kein Name eines Ports</translation>
    </message>
    <message>
        <source>the value is not JSON</source>
        <translation>der Wert ist kein JSON</translation>
    </message>
    <message>
        <source>not deleted: a job of its tree is not terminated now</source>
        <translation>nicht gelöscht: ein Job seines Baums ist jetzt nicht beendet</translation>
    </message>
    <message>
        <source>not deleted: its tree grew meanwhile</source>
        <translation>nicht gelöscht: sein Baum ist inzwischen gewachsen</translation>
    </message>
</context>
<context>
    <name>SideJobFiguresSource</name>
    <message>
        <source>queued counts the first %1 of %2 queues</source>
        <translation>„eingereiht“ zählt die ersten %1 von %2 Warteschlangen</translation>
    </message>
    <message>
        <source>jobs by status are not counted here (that reads every job): see the SideJob page</source>
        <translation>Jobs nach Status werden hier nicht gezählt (das liest jeden Job): siehe die SideJob-Seite</translation>
    </message>
</context>
<context>
    <name>SideJobJobModel</name>
    <message>
        <source>In jobs with no keys: being created, or its creator died before writing them</source>
        <translation>In jobs ohne Schlüssel: wird gerade angelegt, oder sein Ersteller starb vor dem Schreiben</translation>
    </message>
    <message>
        <source>Its key job:%1 is a %2: SideJob never writes that</source>
        <translation>Sein Schlüssel job:%1 ist ein %2: so etwas schreibt SideJob nie</translation>
    </message>
    <message>
        <source>No status</source>
        <translation>Kein Status</translation>
    </message>
    <message>
        <source>Its worker record names no queue or class</source>
        <translation>Sein Worker-Eintrag nennt keine Warteschlange oder Klasse</translation>
    </message>
    <message>
        <source>Running without a lock: its worker died, or ran longer than the lock&apos;s 60 s</source>
        <translation>Läuft ohne Sperre: sein Worker starb oder lief länger als die 60 s der Sperre</translation>
    </message>
    <message>
        <source>Completed but never run: created, not yet queued (for ever if its creator died)</source>
        <translation>Abgeschlossen, aber nie gelaufen: angelegt, noch nicht eingereiht (für immer, wenn sein Ersteller starb)</translation>
    </message>
    <message>
        <source>A status SideJob never writes</source>
        <translation>Ein Status, den SideJob nie schreibt</translation>
    </message>
    <message>
        <source>(being created)</source>
        <translation>(wird angelegt)</translation>
    </message>
    <message>
        <source>%1, locked</source>
        <translation>%1, gesperrt</translation>
    </message>
    <message>
        <source>Job</source>
        <translation>Job</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>Queue</source>
        <translation>Warteschlange</translation>
    </message>
    <message>
        <source>Class</source>
        <translation>Klasse</translation>
    </message>
    <message>
        <source>Args</source>
        <translation>Argumente</translation>
    </message>
    <message>
        <source>Created</source>
        <translation>Erstellt</translation>
    </message>
    <message>
        <source>Created by</source>
        <translation>Erstellt von</translation>
    </message>
    <message>
        <source>Last run</source>
        <translation>Letzter Lauf</translation>
    </message>
    <message>
        <source>Parent</source>
        <translation>Elternjob</translation>
    </message>
    <message>
        <source>What looks wrong</source>
        <translation>Was falsch aussieht</translation>
    </message>
    <message>
        <source>Job layout</source>
        <translation>Jobformat</translation>
    </message>
</context>
<context>
    <name>SideJobJobsPage</name>
    <message>
        <source>&amp;Back</source>
        <translation>&amp;Zurück</translation>
    </message>
    <message>
        <source>Pre&amp;vious values</source>
        <translation>&amp;Vorherige Werte</translation>
    </message>
    <message>
        <source>Ne&amp;xt values</source>
        <translation>&amp;Nächste Werte</translation>
    </message>
    <message>
        <source>Any status</source>
        <translation>Jeder Status</translation>
    </message>
    <message>
        <source>SideJob status filter</source>
        <translation>SideJob-Statusfilter</translation>
    </message>
    <message>
        <source>Queue</source>
        <translation>Warteschlange</translation>
    </message>
    <message>
        <source>Class</source>
        <translation>Klasse</translation>
    </message>
    <message>
        <source>Created by (part of)</source>
        <translation>Erstellt von (Teil davon)</translation>
    </message>
    <message>
        <source>SideJob queue filter</source>
        <translation>SideJob-Warteschlangenfilter</translation>
    </message>
    <message>
        <source>SideJob class filter</source>
        <translation>SideJob-Klassenfilter</translation>
    </message>
    <message>
        <source>SideJob creator filter</source>
        <translation>SideJob-Erstellerfilter</translation>
    </message>
    <message>
        <source>SideJob jobs</source>
        <translation>SideJob-Jobs</translation>
    </message>
    <message>
        <source>SideJob job record</source>
        <translation>SideJob-Jobeintrag</translation>
    </message>
    <message>
        <source>Select a job to see its whole record.</source>
        <translation>Einen Job wählen, um seinen ganzen Eintrag zu sehen.</translation>
    </message>
    <message>
        <source>Values waiting on a port</source>
        <translation>Werte, die an einem Port warten</translation>
    </message>
    <message>
        <source>Click a port in the record to see the values waiting in it.</source>
        <translation>Einen Port im Eintrag anklicken, um die dort wartenden Werte zu sehen.</translation>
    </message>
    <message>
        <source>SideJob (%1)</source>
        <translation>SideJob (%1)</translation>
    </message>
    <message numerus="yes">
        <source>%n job(s) listed, newest first; scroll for more (ids below %1 not yet looked at)</source>
        <translation>
            <numerusform>%n Job gelistet, neueste zuerst; für mehr weiterblättern (IDs unter %1 noch nicht angesehen)</numerusform>
            <numerusform>%n Jobs gelistet, neueste zuerst; für mehr weiterblättern (IDs unter %1 noch nicht angesehen)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n job(s) listed: every id looked at</source>
        <translation>
            <numerusform>%n Job gelistet: jede ID angesehen</numerusform>
            <numerusform>%n Jobs gelistet: jede ID angesehen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n look(s) wrong: see What looks wrong</source>
        <translation>
            <numerusform>%n sieht falsch aus: siehe Was falsch aussieht</numerusform>
            <numerusform>%n sehen falsch aus: siehe Was falsch aussieht</numerusform>
        </translation>
    </message>
    <message>
        <source>SideJob</source>
        <translation>SideJob</translation>
    </message>
    <message>
        <source>queued</source>
        <translation>eingereiht</translation>
    </message>
    <message>
        <source>running</source>
        <translation>läuft</translation>
    </message>
    <message>
        <source>suspended</source>
        <translation>ausgesetzt</translation>
    </message>
    <message>
        <source>completed</source>
        <translation>abgeschlossen</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>fehlgeschlagen</translation>
    </message>
    <message>
        <source>terminating</source>
        <translation>wird beendet</translation>
    </message>
    <message>
        <source>terminated</source>
        <translation>beendet</translation>
    </message>
    <message>
        <source>&amp;Actions</source>
        <translation>&amp;Aktionen</translation>
    </message>
    <message>
        <source>Select jobs first</source>
        <translation>Zuerst Jobs auswählen</translation>
    </message>
</context>
<context>
    <name>SideJobPortPager</name>
    <message>
        <source>%1 port %2 of job %3</source>
        <translation>%1-Port %2 von Job %3</translation>
    </message>
    <message>
        <source>Input</source>
        <translation>Eingabe</translation>
    </message>
    <message>
        <source>Output</source>
        <translation>Ausgabe</translation>
    </message>
    <message>
        <source>%1: could not read it: %2</source>
        <translation>%1: nicht lesbar: %2</translation>
    </message>
    <message>
        <source>%1: its key is a %2, not a list</source>
        <translation>%1: sein Schlüssel ist ein %2, keine Liste</translation>
    </message>
    <message>
        <source>%1: no value waiting</source>
        <translation>%1: kein Wert wartet</translation>
    </message>
    <message>
        <source>%1: values %2 to %3 of %4 waiting, oldest first</source>
        <translation>%1: Werte %2 bis %3 von %4 wartenden, älteste zuerst</translation>
    </message>
</context>
<context>
    <name>SideJobRecordText</name>
    <message>
        <source>never</source>
        <translation>nie</translation>
    </message>
    <message>
        <source>  (not an ISO time)</source>
        <translation>  (keine ISO-Zeit)</translation>
    </message>
    <message>
        <source> (no record)</source>
        <translation> (kein Eintrag)</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <source>* (dynamic: any port name is made on first use)</source>
        <translation>* (dynamisch: jeder Portname entsteht bei der ersten Nutzung)</translation>
    </message>
    <message>
        <source>%1: its list is a %2, not a list</source>
        <translation>%1: seine Liste ist ein %2, keine Liste</translation>
    </message>
    <message>
        <source>1 value waiting</source>
        <translation>1 Wert wartet</translation>
    </message>
    <message>
        <source>%1 values waiting</source>
        <translation>%1 Werte warten</translation>
    </message>
    <message>
        <source>; default %1</source>
        <translation>; Vorgabe %1</translation>
    </message>
    <message>
        <source>; channels %1</source>
        <translation>; Kanäle %1</translation>
    </message>
    <message>
        <source>oldest: </source>
        <translation>ältester: </translation>
    </message>
    <message>
        <source>... %1 ports in all, the first %2 shown</source>
        <translation>... %1 Ports insgesamt, die ersten %2 gezeigt</translation>
    </message>
    <message>
        <source>held by the worker with token %1, expires in %2 s</source>
        <translation>gehalten vom Worker mit Token %1, läuft in %2 s ab</translation>
    </message>
    <message>
        <source>not locked</source>
        <translation>nicht gesperrt</translation>
    </message>
    <message>
        <source>; a worker is taking the lock now</source>
        <translation>; ein Worker nimmt gerade die Sperre</translation>
    </message>
    <message>
        <source>Job %1</source>
        <translation>Job %1</translation>
    </message>
    <message>
        <source>Not in the set jobs: deleted, or never made by SideJob.</source>
        <translation>Nicht in der Menge jobs: gelöscht, oder nie von SideJob angelegt.</translation>
    </message>
    <message>
        <source>No keys: being created (SideJob lists the id before writing its record), or its creator died there. The library&apos;s own reads fail on such a job.</source>
        <translation>Keine Schlüssel: wird angelegt (SideJob listet die ID vor dem Eintrag), oder sein Ersteller starb dort. Die eigenen Lesezugriffe der Bibliothek scheitern an so einem Job.</translation>
    </message>
    <message>
        <source>job:%1 is a %2: SideJob never writes that.</source>
        <translation>job:%1 ist ein %2: so etwas schreibt SideJob nie.</translation>
    </message>
    <message>
        <source>Seed layout (4.0.x): one hash job:%1. After an upgrade to 4.1 such a job is stuck: 4.1 cannot read it.</source>
        <translation>Format der Vorlage (4.0.x): ein Hash job:%1. Nach einem Wechsel auf 4.1 hängt so ein Job: 4.1 kann ihn nicht lesen.</translation>
    </message>
    <message>
        <source>Running without a lock: its worker died, or ran longer than the lock&apos;s 60 s; a second worker could run it at the same time.</source>
        <translation>Läuft ohne Sperre: sein Worker starb oder lief länger als die 60 s der Sperre; ein zweiter Worker könnte ihn gleichzeitig ausführen.</translation>
    </message>
    <message>
        <source>%1, but no Sidekiq item was found for it (among the queue&apos;s newest 1000 and the schedule&apos;s first 1000) and no worker holds it: unless it is further in, nothing will run it until it is run again (an input, a child finishing, a console run).</source>
        <translation>%1, aber kein Sidekiq-Eintrag dafür gefunden (unter den neuesten 1000 der Warteschlange und den ersten 1000 des Zeitplans), und kein Worker hält ihn: liegt er nicht weiter hinten, führt ihn nichts aus, bis er erneut angestoßen wird (eine Eingabe, ein fertiges Kind, ein Lauf aus der Konsole).</translation>
    </message>
    <message>
        <source>Completed but never run: its creation is under way, or its creator died before queueing it.</source>
        <translation>Abgeschlossen, aber nie gelaufen: er wird gerade angelegt, oder sein Ersteller starb vor dem Einreihen.</translation>
    </message>
    <message>
        <source>Started more than 600 times this minute: SideJob terminates it.</source>
        <translation>In dieser Minute mehr als 600-mal gestartet: SideJob beendet ihn.</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>(keiner)</translation>
    </message>
    <message>
        <source>Queue</source>
        <translation>Warteschlange</translation>
    </message>
    <message>
        <source>Class</source>
        <translation>Klasse</translation>
    </message>
    <message>
        <source>Worker record</source>
        <translation>Worker-Eintrag</translation>
    </message>
    <message>
        <source>not JSON: </source>
        <translation>kein JSON: </translation>
    </message>
    <message>
        <source>Created</source>
        <translation>Erstellt</translation>
    </message>
    <message>
        <source>Created by</source>
        <translation>Erstellt von</translation>
    </message>
    <message>
        <source>(nobody named)</source>
        <translation>(niemand genannt)</translation>
    </message>
    <message>
        <source>Last run</source>
        <translation>Letzter Lauf</translation>
    </message>
    <message>
        <source>Parent</source>
        <translation>Elternjob</translation>
    </message>
    <message>
        <source>Lock</source>
        <translation>Sperre</translation>
    </message>
    <message>
        <source>Runs this minute</source>
        <translation>Läufe in dieser Minute</translation>
    </message>
    <message>
        <source>its item waits in queue:%1</source>
        <translation>sein Eintrag wartet in queue:%1</translation>
    </message>
    <message>
        <source>its item is in the schedule</source>
        <translation>sein Eintrag steht im Zeitplan</translation>
    </message>
    <message>
        <source>Sidekiq</source>
        <translation>Sidekiq</translation>
    </message>
    <message>
        <source>no item found</source>
        <translation>kein Eintrag gefunden</translation>
    </message>
    <message>
        <source>Aliases</source>
        <translation>Aliasnamen</translation>
    </message>
    <message>
        <source>Args</source>
        <translation>Argumente</translation>
    </message>
    <message>
        <source>Children (%1)</source>
        <translation>Kinder (%1)</translation>
    </message>
    <message>
        <source>Input ports</source>
        <translation>Eingabeports</translation>
    </message>
    <message>
        <source>Output ports</source>
        <translation>Ausgabeports</translation>
    </message>
    <message>
        <source>State (%1)</source>
        <translation>Zustand (%1)</translation>
    </message>
    <message>
        <source>empty</source>
        <translation>leer</translation>
    </message>
    <message>
        <source>First children</source>
        <translation>Erste Kinder</translation>
    </message>
    <message>
        <source>Next children</source>
        <translation>Nächste Kinder</translation>
    </message>
    <message>
        <source>%1 of %2 children shown.</source>
        <translation>%1 von %2 Kindern gezeigt.</translation>
    </message>
</context>
<context>
    <name>SideJobSearch</name>
    <message>
        <source>Type a text or a pattern to search for.</source>
        <translation>Geben Sie einen Text oder ein Muster für die Suche ein.</translation>
    </message>
    <message>
        <source>Choose at least one field to search in.</source>
        <translation>Wählen Sie mindestens ein Feld für die Suche.</translation>
    </message>
    <message>
        <source>The pattern does not compile at %1: %2</source>
        <translation>Das Muster lässt sich an Stelle %1 nicht übersetzen: %2</translation>
    </message>
    <message>
        <source>Back references (\1, \k&lt;name&gt;) can take hours on a long text: rewrite the pattern without them.</source>
        <translation>Rückverweise (\1, \k&lt;name&gt;) können auf einem langen Text Stunden dauern: Schreiben Sie das Muster ohne sie.</translation>
    </message>
    <message>
        <source>Stopped after %1 s, %2 ids looked at: resume to go on.</source>
        <translation>Nach %1 s angehalten, %2 IDs angesehen: Fortsetzen, um weiterzumachen.</translation>
    </message>
    <message>
        <source>The pattern /%1/ takes too much work on job %2: PCRE2 gave up after %3 backtracking steps. Nested repetition such as (a+)+ tries exponentially many ways on a long text: simplify the pattern, or narrow the search first.</source>
        <translation>Das Muster /%1/ kostet bei Job %2 zu viel Arbeit: PCRE2 gab nach %3 Backtracking-Schritten auf. Verschachtelte Wiederholung wie (a+)+ probiert auf einem langen Text exponentiell viele Wege: Vereinfachen Sie das Muster oder grenzen Sie die Suche zuerst ein.</translation>
    </message>
</context>
<context>
    <name>SideJobSearchPage</name>
    <message>
        <source>Regular e&amp;xpression</source>
        <translation>Regulärer Ausdr&amp;uck</translation>
    </message>
    <message>
        <source>&amp;Args</source>
        <translation>&amp;Argumente</translation>
    </message>
    <message>
        <source>&amp;Port data</source>
        <translation>&amp;Portdaten</translation>
    </message>
    <message>
        <source>S&amp;tatus</source>
        <translation>S&amp;tatus</translation>
    </message>
    <message>
        <source>C&amp;lass</source>
        <translation>K&amp;lasse</translation>
    </message>
    <message>
        <source>&amp;Search</source>
        <translation>&amp;Suchen</translation>
    </message>
    <message>
        <source>St&amp;op</source>
        <translation>A&amp;nhalten</translation>
    </message>
    <message>
        <source>&amp;Resume</source>
        <translation>&amp;Fortsetzen</translation>
    </message>
    <message>
        <source>Text to find (exact case), or a pattern</source>
        <translation>Zu findender Text (genaue Schreibung) oder ein Muster</translation>
    </message>
    <message>
        <source>SideJob search text</source>
        <translation>SideJob-Suchtext</translation>
    </message>
    <message>
        <source>The first 10 values waiting on each port (20 ports a job)</source>
        <translation>Die ersten 10 Werte, die an jedem Port warten (20 Ports je Job)</translation>
    </message>
    <message>
        <source>Any status</source>
        <translation>Jeder Status</translation>
    </message>
    <message>
        <source>queued</source>
        <translation>eingereiht</translation>
    </message>
    <message>
        <source>running</source>
        <translation>läuft</translation>
    </message>
    <message>
        <source>suspended</source>
        <translation>ausgesetzt</translation>
    </message>
    <message>
        <source>completed</source>
        <translation>abgeschlossen</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>fehlgeschlagen</translation>
    </message>
    <message>
        <source>terminating</source>
        <translation>wird beendet</translation>
    </message>
    <message>
        <source>terminated</source>
        <translation>beendet</translation>
    </message>
    <message>
        <source>Only jobs in this status</source>
        <translation>Nur Jobs in diesem Status</translation>
    </message>
    <message>
        <source>Job</source>
        <translation>Job</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>Queue</source>
        <translation>Warteschlange</translation>
    </message>
    <message>
        <source>Class</source>
        <translation>Klasse</translation>
    </message>
    <message>
        <source>Found in</source>
        <translation>Gefunden in</translation>
    </message>
    <message>
        <source>SideJob jobs found</source>
        <translation>Gefundene SideJob-Jobs</translation>
    </message>
    <message>
        <source>Search in:</source>
        <translation>Suchen in:</translation>
    </message>
    <message>
        <source>Searches every job, newest first, a bounded step at a time; the jobs found appear as they are found.</source>
        <translation>Durchsucht jeden Job, den neuesten zuerst, in begrenzten Schritten; gefundene Jobs erscheinen, sobald sie gefunden sind.</translation>
    </message>
    <message>
        <source>Searching…</source>
        <translation>Suche…</translation>
    </message>
    <message numerus="yes">
        <source>Searching… %Ln job(s) found so far, %1 ids looked at</source>
        <translation>
            <numerusform>Suche… bisher %Ln Job gefunden, %1 IDs angesehen</numerusform>
            <numerusform>Suche… bisher %Ln Jobs gefunden, %1 IDs angesehen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln job(s) found, %1 ids looked at</source>
        <translation>
            <numerusform>%Ln Job gefunden, %1 IDs angesehen</numerusform>
            <numerusform>%Ln Jobs gefunden, %1 IDs angesehen</numerusform>
        </translation>
    </message>
    <message>
        <source>Stopped: %1.</source>
        <translation>Angehalten: %1.</translation>
    </message>
    <message>
        <source>The search stopped: %1 (%2)</source>
        <translation>Die Suche wurde angehalten: %1 (%2)</translation>
    </message>
    <message>
        <source>SideJob search</source>
        <translation>SideJob-Suche</translation>
    </message>
</context>
<context>
    <name>SideJobSession</name>
    <message>
        <source>This server holds no SideJob deployment (no jobs set beside jobs:last_id).</source>
        <translation>Dieser Server hält kein SideJob (keine Menge jobs neben jobs:last_id).</translation>
    </message>
    <message>
        <source>both layouts (4.1 and the seed&apos;s 4.0): 4.1 cannot run the 4.0 jobs</source>
        <translation>beide Formate (4.1 und 4.0 der Vorlage): 4.1 kann die 4.0-Jobs nicht ausführen</translation>
    </message>
    <message>
        <source>the seed&apos;s layout (4.0.x: a hash per job)</source>
        <translation>das Format der Vorlage (4.0.x: ein Hash je Job)</translation>
    </message>
    <message>
        <source>layout 4.1 (a key per field)</source>
        <translation>Format 4.1 (ein Schlüssel je Feld)</translation>
    </message>
    <message>
        <source>no job record seen yet</source>
        <translation>noch kein Jobeintrag gesehen</translation>
    </message>
    <message numerus="yes">
        <source>SideJob: %n job(s), last id %1, %2</source>
        <translation>
            <numerusform>SideJob: %n Job, letzte ID %1, %2</numerusform>
            <numerusform>SideJob: %n Jobs, letzte ID %1, %2</numerusform>
        </translation>
    </message>
    <message>
        <source>; a jobs:logs list (4.0&apos;s log, never deleted here)</source>
        <translation>; eine Liste jobs:logs (das Protokoll von 4.0, hier nie gelöscht)</translation>
    </message>
    <message>
        <source>Could not read the job: %1</source>
        <translation>Job nicht lesbar: %1</translation>
    </message>
</context>
<context>
    <name>SideJobSidekiqPage</name>
    <message>
        <source>Sidekiq queues</source>
        <translation>Sidekiq-Warteschlangen</translation>
    </message>
    <message>
        <source>Sidekiq processes</source>
        <translation>Sidekiq-Prozesse</translation>
    </message>
    <message>
        <source>Sidekiq sorted set items</source>
        <translation>Einträge einer sortierten Sidekiq-Menge</translation>
    </message>
    <message>
        <source>Sidekiq sorted set</source>
        <translation>Sortierte Sidekiq-Menge</translation>
    </message>
    <message>
        <source>Scheduled</source>
        <translation>Geplant</translation>
    </message>
    <message>
        <source>Retry</source>
        <translation>Wiederholen</translation>
    </message>
    <message>
        <source>Dead</source>
        <translation>Tot</translation>
    </message>
    <message>
        <source>Scheduled (%1)</source>
        <translation>Geplant (%1)</translation>
    </message>
    <message>
        <source>Retry (%1)</source>
        <translation>Wiederholen (%1)</translation>
    </message>
    <message>
        <source>Dead (%1)</source>
        <translation>Tot (%1)</translation>
    </message>
    <message>
        <source>not a sorted set</source>
        <translation>keine sortierte Menge</translation>
    </message>
    <message>
        <source>Sidekiq</source>
        <translation>Sidekiq</translation>
    </message>
    <message>
        <source>Export queues CSV…</source>
        <translation>Warteschlangen als CSV exportieren…</translation>
    </message>
    <message>
        <source>Export processes CSV…</source>
        <translation>Prozesse als CSV exportieren…</translation>
    </message>
</context>
<context>
    <name>SideJobTableExport</name>
    <message>
        <source>Not a SideJob view: %1.</source>
        <translation>Keine SideJob-Ansicht: %1.</translation>
    </message>
    <message>
        <source>Not connected to a server.</source>
        <translation>Nicht mit einem Server verbunden.</translation>
    </message>
    <message>
        <source>The server holds no SideJob deployment (no set jobs and string jobs:last_id).</source>
        <translation>Der Server enthält keine SideJob-Installation (keine Menge jobs und kein String jobs:last_id).</translation>
    </message>
    <message>
        <source>No Sidekiq queue &quot;%1&quot; in queues (it lists %2).</source>
        <translation>Keine Sidekiq-Warteschlange „%1“ in queues (sie nennt %2).</translation>
    </message>
    <message>
        <source>The server lists %1 %2; this export reads %3 at most and writes no part of them.</source>
        <translation>Der Server nennt %1 %2; dieser Export liest höchstens %3 und schreibt keinen Teil davon.</translation>
    </message>
    <message>
        <source>Sidekiq processes</source>
        <translation>Sidekiq-Prozesse</translation>
    </message>
    <message>
        <source>Sidekiq queues</source>
        <translation>Sidekiq-Warteschlangen</translation>
    </message>
</context>
<context>
    <name>SideJobWriteInputDialog</name>
    <message>
        <source>Write to an input port of job %1</source>
        <translation>In einen Eingang von Job %1 schreiben</translation>
    </message>
    <message>
        <source>Input port</source>
        <translation>Eingang</translation>
    </message>
    <message>
        <source>Value (JSON)</source>
        <translation>Wert (JSON)</translation>
    </message>
    <message>
        <source>A JSON value: 42, &quot;text&quot;, [1, 2], {&quot;key&quot;: 1}</source>
        <translation>Ein JSON-Wert: 42, &quot;Text&quot;, [1, 2], {&quot;key&quot;: 1}</translation>
    </message>
    <message>
        <source>Write…</source>
        <translation>Schreiben…</translation>
    </message>
    <message>
        <source>&amp;Input port:</source>
        <translation>&amp;Eingang:</translation>
    </message>
    <message>
        <source>&amp;Value (JSON):</source>
        <translation>&amp;Wert (JSON):</translation>
    </message>
    <message>
        <source>Choose or type an input port.</source>
        <translation>Einen Eingang wählen oder eingeben.</translation>
    </message>
    <message>
        <source>A port name holds only letters, digits and _.</source>
        <translation>Ein Port-Name enthält nur Buchstaben, Ziffern und _.</translation>
    </message>
</context>
<context>
    <name>SidekiqItemModel</name>
    <message>
        <source>SideJob job</source>
        <translation>SideJob-Job</translation>
    </message>
    <message>
        <source>SideJob job deleted: dropped when due</source>
        <translation>SideJob-Job gelöscht: fällt weg, wenn fällig</translation>
    </message>
    <message>
        <source>not SideJob&apos;s</source>
        <translation>nicht von SideJob</translation>
    </message>
    <message>
        <source>When</source>
        <translation>Wann</translation>
    </message>
    <message>
        <source>Jid</source>
        <translation>Jid</translation>
    </message>
    <message>
        <source>Class</source>
        <translation>Klasse</translation>
    </message>
    <message>
        <source>Queue</source>
        <translation>Warteschlange</translation>
    </message>
    <message>
        <source>Job</source>
        <translation>Job</translation>
    </message>
    <message>
        <source>Error</source>
        <translation>Fehler</translation>
    </message>
</context>
<context>
    <name>SidekiqMonitor</name>
    <message>
        <source>Sidekiq: processed %1, failed %2</source>
        <translation>Sidekiq: %1 verarbeitet, %2 fehlgeschlagen</translation>
    </message>
    <message numerus="yes">
        <source>%n queue(s)</source>
        <translation>
            <numerusform>%n Warteschlange</numerusform>
            <numerusform>%n Warteschlangen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n process(es), %1 busy</source>
        <translation>
            <numerusform>%n Prozess, %1 beschäftigt</numerusform>
            <numerusform>%n Prozesse, %1 beschäftigt</numerusform>
        </translation>
    </message>
    <message>
        <source>scheduled %1</source>
        <translation>geplant %1</translation>
    </message>
    <message>
        <source>retry %1</source>
        <translation>zu wiederholen %1</translation>
    </message>
    <message>
        <source>dead %1</source>
        <translation>tot %1</translation>
    </message>
    <message>
        <source>the first %1 queues shown</source>
        <translation>die ersten %1 Warteschlangen gezeigt</translation>
    </message>
    <message>
        <source>the first %1 processes shown</source>
        <translation>die ersten %1 Prozesse gezeigt</translation>
    </message>
</context>
<context>
    <name>SidekiqProcessModel</name>
    <message>
        <source>gone: listed in processes without its hash (killed; a live process prunes it)</source>
        <translation>verschwunden: in processes ohne seinen Hash (abgeschossen; ein laufender Prozess räumt ihn weg)</translation>
    </message>
    <message>
        <source>no readable beat</source>
        <translation>kein lesbarer Herzschlag</translation>
    </message>
    <message>
        <source>silent: no beat for %1 s</source>
        <translation>still: seit %1 s kein Herzschlag</translation>
    </message>
    <message>
        <source>quiet (takes no new work)</source>
        <translation>ruhig (nimmt keine neue Arbeit an)</translation>
    </message>
    <message>
        <source>running</source>
        <translation>läuft</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 von %2</translation>
    </message>
    <message>
        <source>Process</source>
        <translation>Prozess</translation>
    </message>
    <message>
        <source>Queues</source>
        <translation>Warteschlangen</translation>
    </message>
    <message>
        <source>Busy</source>
        <translation>Beschäftigt</translation>
    </message>
    <message>
        <source>Last beat</source>
        <translation>Letzter Herzschlag</translation>
    </message>
    <message>
        <source>Started</source>
        <translation>Gestartet</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Zustand</translation>
    </message>
</context>
<context>
    <name>SidekiqQueueModel</name>
    <message>
        <source>queue:%1 is not a list</source>
        <translation>queue:%1 ist keine Liste</translation>
    </message>
    <message>
        <source>workers:%1 is not a hash</source>
        <translation>workers:%1 ist kein Hash</translation>
    </message>
    <message>
        <source>No SideJob worker class registered: a SideJob job pushed here is terminated</source>
        <translation>Keine SideJob-Worker-Klasse registriert: ein hier eingereihter SideJob-Job wird beendet</translation>
    </message>
    <message>
        <source>(not a list)</source>
        <translation>(keine Liste)</translation>
    </message>
    <message>
        <source>(not a hash)</source>
        <translation>(kein Hash)</translation>
    </message>
    <message>
        <source>Queue</source>
        <translation>Warteschlange</translation>
    </message>
    <message>
        <source>Waiting</source>
        <translation>Wartend</translation>
    </message>
    <message>
        <source>Next item waited</source>
        <translation>Nächster Eintrag wartete</translation>
    </message>
    <message>
        <source>Worker classes</source>
        <translation>Worker-Klassen</translation>
    </message>
    <message>
        <source>What looks wrong</source>
        <translation>Was falsch aussieht</translation>
    </message>
    <message>
        <source>%1 of the next items belong to deleted SideJob jobs: dropped when fetched</source>
        <translation>%1 der nächsten Einträge gehören zu gelöschten SideJob-Jobs: fallen beim Abholen weg</translation>
    </message>
</context>
<context>
    <name>StatsChart</name>
    <message>
        <source>Logarithmic count axis</source>
        <translation>Logarithmische Anzahlachse</translation>
    </message>
    <message>
        <source>Chart</source>
        <translation>Diagramm</translation>
    </message>
    <message>
        <source>Show counts on a logarithmic scale, so that a few slow jobs stay visible beside many fast ones</source>
        <translation>Anzahlen logarithmisch darstellen, damit wenige langsame Jobs neben vielen schnellen sichtbar bleiben</translation>
    </message>
    <message>
        <source>%1 or more</source>
        <translation>%1 oder mehr</translation>
    </message>
    <message>
        <source>%1 to under %2</source>
        <translation>%1 bis unter %2</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <source>%1
1 job, took %2</source>
        <translation>%1
1 Job, dauerte %2</translation>
    </message>
    <message>
        <source>%1
%2 jobs, mean %3</source>
        <translation>%1
%2 Jobs, Mittel %3</translation>
    </message>
    <message>
        <source>seconds</source>
        <translation>Sekunden</translation>
    </message>
    <message>
        <source>minutes</source>
        <translation>Minuten</translation>
    </message>
    <message>
        <source>hours</source>
        <translation>Stunden</translation>
    </message>
    <message>
        <source>days</source>
        <translation>Tage</translation>
    </message>
    <message>
        <source>No data</source>
        <translation>Keine Daten</translation>
    </message>
    <message>
        <source>jobs</source>
        <translation>Jobs</translation>
    </message>
    <message>
        <source>%1 (no data)</source>
        <translation>%1 (keine Daten)</translation>
    </message>
    <message>
        <source>jobs per day</source>
        <translation>Jobs pro Tag</translation>
    </message>
    <message>
        <source>mean time</source>
        <translation>mittlere Zeit</translation>
    </message>
    <message>
        <source>%1: jobs</source>
        <translation>%1: Jobs</translation>
    </message>
    <message>
        <source>%1: mean time</source>
        <translation>%1: mittlere Zeit</translation>
    </message>
    <message>
        <source>MMM d</source>
        <comment>a day on the chart&apos;s date axis: a QDate format</comment>
        <translation>d. MMM</translation>
    </message>
    <message numerus="yes">
        <source>%1: %Ln job(s) (%2 %)</source>
        <translation>
            <numerusform>%1: %Ln Job (%2 %)</numerusform>
            <numerusform>%1: %Ln Jobs (%2 %)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>StatsPage</name>
    <message>
        <source>wait times</source>
        <translation>Wartezeiten</translation>
    </message>
    <message>
        <source>run times</source>
        <translation>Laufzeiten</translation>
    </message>
    <message>
        <source>Logarithmic count axis</source>
        <translation>Logarithmische Anzahlachse</translation>
    </message>
    <message>
        <source>Show counts on a logarithmic scale, so that a few slow jobs stay visible beside many fast ones</source>
        <translation>Anzahlen logarithmisch darstellen, damit wenige langsame Jobs neben vielen schnellen sichtbar bleiben</translation>
    </message>
    <message>
        <source>Daily &amp;strip of:</source>
        <translation>&amp;Tagesverlauf von:</translation>
    </message>
    <message>
        <source>Cannot read the queues: %1</source>
        <translation>Die Warteschlangen können nicht gelesen werden: %1</translation>
    </message>
    <message>
        <source>Cannot read the stats: %1</source>
        <translation>Die Statistik kann nicht gelesen werden: %1</translation>
    </message>
    <message>
        <source>%1 · %2 · %3</source>
        <translation>%1 · %2 · %3</translation>
    </message>
    <message>
        <source>%1 · %2 · %3 against %4</source>
        <translation>%1 · %2 · %3 gegen %4</translation>
    </message>
    <message>
        <source>%1 · %2 against %3 · %4</source>
        <translation>%1 · %2 gegen %3 · %4</translation>
    </message>
    <message>
        <source>%1 · %2</source>
        <translation>%1 · %2</translation>
    </message>
    <message>
        <source>all queues</source>
        <translation>alle Warteschlangen</translation>
    </message>
    <message>
        <source>Wait time histogram</source>
        <translation>Histogramm der Wartezeiten</translation>
    </message>
    <message>
        <source>Run time histogram</source>
        <translation>Histogramm der Laufzeiten</translation>
    </message>
    <message>
        <source>Daily strip</source>
        <translation>Tagesverlauf</translation>
    </message>
    <message>
        <source>Stats</source>
        <translation>Statistik</translation>
    </message>
    <message numerus="yes">
        <source>%1 · %2 · last %n day(s)</source>
        <translation>
            <numerusform>%1 · %2 · letzter %n Tag</numerusform>
            <numerusform>%1 · %2 · letzte %n Tage</numerusform>
        </translation>
    </message>
    <message>
        <source> · reading, %1 of %2 days in</source>
        <translation> · wird gelesen, %1 von %2 Tagen da</translation>
    </message>
</context>
<context>
    <name>StatsSelectionBar</name>
    <message>
        <source>All queues</source>
        <translation>Alle Warteschlangen</translation>
    </message>
    <message>
        <source>qless keeps figures per UTC day. Days in bold have figures.</source>
        <translation>qless führt Zahlen pro UTC-Tag. Fett gedruckte Tage haben Zahlen.</translation>
    </message>
    <message>
        <source>Day to compare with</source>
        <translation>Vergleichstag</translation>
    </message>
    <message>
        <source>Queue to compare with</source>
        <translation>Vergleichswarteschlange</translation>
    </message>
    <message>
        <source>nothing</source>
        <translation>nichts</translation>
    </message>
    <message>
        <source>another day</source>
        <translation>einem anderen Tag</translation>
    </message>
    <message>
        <source>another queue</source>
        <translation>einer anderen Warteschlange</translation>
    </message>
    <message>
        <source>&amp;Queue:</source>
        <translation>&amp;Warteschlange:</translation>
    </message>
    <message>
        <source>&amp;Day (UTC):</source>
        <translation>&amp;Tag (UTC):</translation>
    </message>
    <message>
        <source>Com&amp;pare with:</source>
        <translation>&amp;Vergleichen mit:</translation>
    </message>
</context>
<context>
    <name>StatsSeries</name>
    <message>
        <source>wait</source>
        <translation>Warten</translation>
    </message>
    <message>
        <source>run</source>
        <translation>Laufen</translation>
    </message>
    <message>
        <source>Wait time</source>
        <translation>Wartezeit</translation>
    </message>
    <message>
        <source>Run time</source>
        <translation>Laufzeit</translation>
    </message>
    <message>
        <source>%1 · %2 · %3</source>
        <translation>%1 · %2 · %3</translation>
    </message>
</context>
<context>
    <name>StatsSummary</name>
    <message>
        <source>Jobs waited</source>
        <translation>Jobs gewartet</translation>
    </message>
    <message>
        <source>Mean wait</source>
        <translation>Mittlere Wartezeit</translation>
    </message>
    <message>
        <source>Std deviation</source>
        <translation>Standardabweichung</translation>
    </message>
    <message>
        <source>Jobs run</source>
        <translation>Jobs gelaufen</translation>
    </message>
    <message>
        <source>Mean run</source>
        <translation>Mittlere Laufzeit</translation>
    </message>
    <message>
        <source>Failures</source>
        <translation>Fehler</translation>
    </message>
    <message>
        <source>Still failed</source>
        <translation>Noch fehlgeschlagen</translation>
    </message>
    <message>
        <source>Retries</source>
        <translation>Versuche</translation>
    </message>
</context>
<context>
    <name>StatusBar</name>
    <message>
        <source>Read-only</source>
        <translation>Schreibgeschützt</translation>
    </message>
    <message>
        <source>Round trip to the server: one PING after each refresh</source>
        <translation>Antwortzeit zum Server: ein PING nach jeder Aktualisierung</translation>
    </message>
    <message>
        <source>Not connected</source>
        <translation>Nicht verbunden</translation>
    </message>
    <message>
        <source>Server: %1</source>
        <translation>Server: %1</translation>
    </message>
    <message>
        <source>Round trip —</source>
        <translation>Antwortzeit —</translation>
    </message>
    <message>
        <source>Round trip %1 ms</source>
        <translation>Antwortzeit %1 ms</translation>
    </message>
    <message>
        <source>Not refreshed yet</source>
        <translation>Noch nicht aktualisiert</translation>
    </message>
    <message>
        <source>Last refresh %1 (stale)</source>
        <translation>Letzte Aktualisierung %1 (veraltet)</translation>
    </message>
    <message>
        <source>Last refresh %1</source>
        <translation>Letzte Aktualisierung %1</translation>
    </message>
    <message>
        <source>%1 / %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message numerus="yes">
        <source>%n bulk run(s): listing jobs</source>
        <translation>
            <numerusform>Sammelaktion: Jobs werden aufgelistet</numerusform>
            <numerusform>%n Sammelaktionen: Jobs werden aufgelistet</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n bulk run(s): %1</source>
        <translation>
            <numerusform>Sammelaktion: %1</numerusform>
            <numerusform>%n Sammelaktionen: %1</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>SystemFiguresSource</name>
    <message numerus="yes">
        <source>%Ln queue(s)</source>
        <translation>
            <numerusform>%Ln Warteschlange</numerusform>
            <numerusform>%Ln Warteschlangen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln pending</source>
        <translation>
            <numerusform>%Ln wartend</numerusform>
            <numerusform>%Ln wartend</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln failed</source>
        <translation>
            <numerusform>%Ln fehlgeschlagen</numerusform>
            <numerusform>%Ln fehlgeschlagen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln listener(s)</source>
        <translation>
            <numerusform>%Ln Listener</numerusform>
            <numerusform>%Ln Listener</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln job(s)</source>
        <translation>
            <numerusform>%Ln Job</numerusform>
            <numerusform>%Ln Jobs</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln Sidekiq queue(s)</source>
        <translation>
            <numerusform>%Ln Sidekiq-Warteschlange</numerusform>
            <numerusform>%Ln Sidekiq-Warteschlangen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln queued</source>
        <translation>
            <numerusform>%Ln eingereiht</numerusform>
            <numerusform>%Ln eingereiht</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln process(es)</source>
        <translation>
            <numerusform>%Ln Prozess</numerusform>
            <numerusform>%Ln Prozesse</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln to retry</source>
        <translation>
            <numerusform>%Ln zu wiederholen</numerusform>
            <numerusform>%Ln zu wiederholen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln dead</source>
        <translation>
            <numerusform>%Ln tot</numerusform>
            <numerusform>%Ln tot</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>TableCsvExport</name>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>%1 kann nicht geschrieben werden: %2</translation>
    </message>
</context>
<context>
    <name>TableExport</name>
    <message>
        <source>Not connected to a server.</source>
        <translation>Nicht mit einem Server verbunden.</translation>
    </message>
    <message>
        <source>Cannot read the activity log %1.</source>
        <translation>Das Aktivitätslog %1 kann nicht gelesen werden.</translation>
    </message>
    <message>
        <source>Not a qless view: %1.</source>
        <translation>Keine qless-Ansicht: %1.</translation>
    </message>
</context>
<context>
    <name>TableExportButton</name>
    <message>
        <source>Export CSV…</source>
        <translation>CSV exportieren…</translation>
    </message>
    <message>
        <source>Save every row of this list as a CSV file (all of it, read from the server, not only the rows loaded; times in UTC)</source>
        <translation>Jede Zeile dieser Liste als CSV-Datei speichern (die ganze Liste, vom Server gelesen, nicht nur die geladenen Zeilen; Zeiten in UTC)</translation>
    </message>
    <message>
        <source>Export %1 as CSV</source>
        <translation>%1 als CSV exportieren</translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation>CSV-Dateien (*.csv)</translation>
    </message>
    <message>
        <source>Export failed</source>
        <translation>Export fehlgeschlagen</translation>
    </message>
    <message>
        <source>Reading %1…</source>
        <translation>%1 wird gelesen…</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Export CSV</source>
        <translation>CSV exportieren</translation>
    </message>
    <message>
        <source>Not saved: %1</source>
        <translation>Nicht gespeichert: %1</translation>
    </message>
    <message numerus="yes">
        <source>%1 of %Ln row(s) written</source>
        <translation>
            <numerusform>%1 von %Ln Zeile geschrieben</numerusform>
            <numerusform>%1 von %Ln Zeilen geschrieben</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln row(s) written</source>
        <translation>
            <numerusform>%Ln Zeile geschrieben</numerusform>
            <numerusform>%Ln Zeilen geschrieben</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Saved %Ln row(s) to %1</source>
        <translation>
            <numerusform>%Ln Zeile in %1 gespeichert</numerusform>
            <numerusform>%Ln Zeilen in %1 gespeichert</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>TableExportView</name>
    <message>
        <source>The jobs view needs a queue (--queue).</source>
        <translation>Die Ansicht jobs braucht eine Warteschlange (--queue).</translation>
    </message>
    <message>
        <source>The jobs view needs a state (--state): %1.</source>
        <translation>Die Ansicht jobs braucht einen Zustand (--state): %1.</translation>
    </message>
    <message>
        <source>Unknown state &quot;%1&quot;: expected one of %2.</source>
        <translation>Unbekannter Zustand „%1“: erwartet wird einer von %2.</translation>
    </message>
    <message>
        <source>queues</source>
        <translation>Warteschlangen</translation>
    </message>
    <message>
        <source>recurring jobs of %1</source>
        <translation>wiederkehrende Jobs von %1</translation>
    </message>
    <message>
        <source>%1 jobs in %2</source>
        <translation>%1-Jobs in %2</translation>
    </message>
    <message>
        <source>failure groups</source>
        <translation>Fehlergruppen</translation>
    </message>
    <message>
        <source>failure group %1</source>
        <translation>Fehlergruppe %1</translation>
    </message>
    <message>
        <source>in %1</source>
        <translation>in %1</translation>
    </message>
    <message>
        <source>of a class containing &quot;%1&quot;</source>
        <translation>einer Klasse, die „%1“ enthält</translation>
    </message>
    <message>
        <source>completed jobs</source>
        <translation>abgeschlossene Jobs</translation>
    </message>
    <message>
        <source>completed jobs %1</source>
        <translation>abgeschlossene Jobs %1</translation>
    </message>
    <message>
        <source>workers</source>
        <translation>Worker</translation>
    </message>
    <message>
        <source>jobs of worker %1</source>
        <translation>Jobs von Worker %1</translation>
    </message>
    <message>
        <source>tracked jobs</source>
        <translation>verfolgte Jobs</translation>
    </message>
    <message>
        <source>tags</source>
        <translation>Tags</translation>
    </message>
    <message>
        <source>jobs tagged %1</source>
        <translation>Jobs mit Tag %1</translation>
    </message>
    <message>
        <source>configuration</source>
        <translation>Konfiguration</translation>
    </message>
    <message>
        <source>activity log</source>
        <translation>Aktivitätslog</translation>
    </message>
    <message>
        <source>The blueque-tasks view needs a queue (--queue).</source>
        <translation>Die Ansicht blueque-tasks braucht eine Warteschlange (--queue).</translation>
    </message>
    <message>
        <source>The blueque-tasks view needs a state (--state): %1.</source>
        <translation>Die Ansicht blueque-tasks braucht einen Zustand (--state): %1.</translation>
    </message>
    <message>
        <source>Blueque queues</source>
        <translation>Blueque-Warteschlangen</translation>
    </message>
    <message>
        <source>Blueque tasks %1 in %2</source>
        <translation>Blueque-Tasks %1 in %2</translation>
    </message>
    <message>
        <source>Blueque listeners</source>
        <translation>Blueque-Listener</translation>
    </message>
    <message>
        <source>Unknown status &quot;%1&quot;: expected one of %2.</source>
        <translation>Unbekannter Status „%1“: erwartet wird einer von %2.</translation>
    </message>
    <message>
        <source>SideJob jobs</source>
        <translation>SideJob-Jobs</translation>
    </message>
    <message>
        <source>SideJob jobs %1</source>
        <translation>SideJob-Jobs %1</translation>
    </message>
    <message>
        <source>%1 in %2</source>
        <translation>%1 in %2</translation>
    </message>
    <message>
        <source>Sidekiq queues</source>
        <translation>Sidekiq-Warteschlangen</translation>
    </message>
    <message>
        <source>Sidekiq processes</source>
        <translation>Sidekiq-Prozesse</translation>
    </message>
    <message>
        <source>%1 of class %2</source>
        <translation>%1 der Klasse %2</translation>
    </message>
    <message>
        <source>%1 created by &quot;%2&quot;</source>
        <translation>%1, erstellt von „%2“</translation>
    </message>
</context>
<context>
    <name>TagListModel</name>
    <message>
        <source>Tag</source>
        <translation>Tag</translation>
    </message>
    <message>
        <source>Jobs</source>
        <translation>Jobs</translation>
    </message>
    <message>
        <source>Not read again since it was out of view: as it was when last read.</source>
        <translation>Nicht erneut gelesen, da nicht sichtbar: Stand beim letzten Lesen.</translation>
    </message>
</context>
<context>
    <name>TagsPage</name>
    <message>
        <source>Tags</source>
        <translation>Tags</translation>
    </message>
    <message>
        <source>The tag chosen here lists its jobs beside</source>
        <translation>Das hier gewählte Tag listet daneben seine Jobs auf</translation>
    </message>
    <message>
        <source>Choose a tag to list its jobs</source>
        <translation>Tag wählen, um seine Jobs zu sehen</translation>
    </message>
    <message>
        <source>Tags, most used first</source>
        <translation>Tags, meistverwendete zuerst</translation>
    </message>
    <message>
        <source>Tag %1</source>
        <translation>Tag %1</translation>
    </message>
</context>
<context>
    <name>TimeText</name>
    <message>
        <source>%1 UTC</source>
        <translation>%1 UTC</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>%1 ago</source>
        <translation>vor %1</translation>
    </message>
    <message>
        <source>in %1</source>
        <translation>in %1</translation>
    </message>
</context>
<context>
    <name>TrackedPage</name>
    <message>
        <source>expired (job gone)</source>
        <translation>verfallen (Job verschwunden)</translation>
    </message>
    <message>
        <source>Show all states to act on every tracked job</source>
        <translation>Alle Zustände zeigen, um auf jeden verfolgten Job zu wirken</translation>
    </message>
    <message>
        <source>Tracked jobs</source>
        <translation>Verfolgte Jobs</translation>
    </message>
    <message>
        <source>All states</source>
        <translation>Alle Zustände</translation>
    </message>
    <message>
        <source>Sh&amp;ow:</source>
        <translation>&amp;Zeigen:</translation>
    </message>
    <message>
        <source>All states (%1)</source>
        <translation>Alle Zustände (%1)</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>Tracked</source>
        <translation>Verfolgt</translation>
    </message>
</context>
<context>
    <name>TroubleBanner</name>
    <message>
        <source>Retry now</source>
        <translation>Jetzt erneut versuchen</translation>
    </message>
    <message>
        <source>the connection was lost</source>
        <translation>die Verbindung ging verloren</translation>
    </message>
    <message>
        <source>Not connected to %1: %2. What is shown is from the last refresh.</source>
        <translation>Nicht mit %1 verbunden: %2. Das Angezeigte stammt von der letzten Aktualisierung.</translation>
    </message>
    <message numerus="yes">
        <source>Connection to %1 lost: %2. Retrying in %n s; what is shown is from the last refresh.</source>
        <translation>
            <numerusform>Verbindung zu %1 verloren: %2. Neuer Versuch in %n s; das Angezeigte stammt von der letzten Aktualisierung.</numerusform>
            <numerusform>Verbindung zu %1 verloren: %2. Neuer Versuch in %n s; das Angezeigte stammt von der letzten Aktualisierung.</numerusform>
        </translation>
    </message>
    <message>
        <source>Connection to %1 lost: %2. Reconnecting…</source>
        <translation>Verbindung zu %1 verloren: %2. Neue Verbindung wird aufgebaut…</translation>
    </message>
</context>
<context>
    <name>UiLanguage</name>
    <message>
        <source>Unknown language &quot;%1&quot;: expected one of %2.</source>
        <translation>Unbekannte Sprache „%1“: erwartet wird eine von %2.</translation>
    </message>
</context>
<context>
    <name>UserPermissions</name>
    <message>
        <source>This Redis user may not run qless&apos;s script, so nothing can be read or changed from this console. Give it +evalsha and +script|load (or +@scripting). Redis said: %1</source>
        <translation>Dieser Redis-Benutzer darf das Skript von qless nicht ausführen, daher kann in dieser Konsole nichts gelesen oder geändert werden. Geben Sie ihm +evalsha und +script|load (oder +@scripting). Redis sagte: %1</translation>
    </message>
    <message>
        <source>This Redis user may only read: it may not run %1 on qless&apos;s keys, so every change from this console would be refused and its actions are disabled. Give it +@write on ~ql:* (and &amp;ql:*) to act on jobs.</source>
        <translation>Dieser Redis-Benutzer darf nur lesen: Er darf %1 nicht auf den Schlüsseln von qless ausführen, daher würde jede Änderung aus dieser Konsole abgelehnt, und ihre Aktionen sind deaktiviert. Geben Sie ihm +@write auf ~ql:* (und &amp;ql:*), um Jobs zu bearbeiten.</translation>
    </message>
    <message>
        <source>This Redis user may not publish to qless&apos;s channels (%1), where every change is announced to workers: every change from this console would be refused and its actions are disabled. Give it &amp;ql:* (Redis 7 gives a new user no channels); the Events page listens on them too.</source>
        <translation>Dieser Redis-Benutzer darf nicht auf den Kanälen von qless (%1) veröffentlichen, auf denen jede Änderung den Workern angekündigt wird: Jede Änderung aus dieser Konsole würde abgelehnt, und ihre Aktionen sind deaktiviert. Geben Sie ihm &amp;ql:* (Redis 7 gibt einem neuen Benutzer keine Kanäle); auch die Seite „Ereignisse“ hört auf ihnen mit.</translation>
    </message>
    <message>
        <source>This Redis user may not run %1, which the console&apos;s reads use, so the pages that need it fail (TIME is in no ACL category: +@read does not grant it). Give it %2.</source>
        <translation>Dieser Redis-Benutzer darf %1 nicht ausführen, was die Lesezugriffe der Konsole brauchen, daher schlagen die Seiten fehl, die es benötigen (TIME gehört zu keiner ACL-Kategorie: +@read gewährt es nicht). Geben Sie ihm %2.</translation>
    </message>
    <message>
        <source>This Redis user may not run %1, which the console&apos;s reads use, so the pages that need it fail. Give it %2.</source>
        <translation>Dieser Redis-Benutzer darf %1 nicht ausführen, was die Lesezugriffe der Konsole brauchen, daher schlagen die Seiten fehl, die es benötigen. Geben Sie ihm %2.</translation>
    </message>
</context>
<context>
    <name>WindowTitle</name>
    <message numerus="yes">
        <source>%1 — %n paused — qlessdesk</source>
        <translation>
            <numerusform>%1 — %n pausiert — qlessdesk</numerusform>
            <numerusform>%1 — %n pausiert — qlessdesk</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 — qlessdesk</source>
        <translation>%1 — qlessdesk</translation>
    </message>
</context>
<context>
    <name>WorkerActions</name>
    <message>
        <source>worker %1</source>
        <translation>Worker %1</translation>
    </message>
    <message>
        <source>%1 workers (%2)</source>
        <translation>%1 Worker (%2)</translation>
    </message>
    <message>
        <source>Deregister…</source>
        <translation>Abmelden…</translation>
    </message>
    <message>
        <source>Deregister %1 workers…</source>
        <translation>%1 Worker abmelden…</translation>
    </message>
    <message>
        <source>Deregister all idle for longer than…</source>
        <translation>Alle abmelden, die länger untätig sind als…</translation>
    </message>
    <message>
        <source>Deregister workers</source>
        <translation>Worker abmelden</translation>
    </message>
    <message>
        <source>Deregister %1?

They leave the workers list. Jobs they hold stay as they are; a worker still alive registers again when it next asks for work.</source>
        <translation>%1 abmelden?

Sie verlassen die Worker-Liste. Ihre Jobs bleiben, wie sie sind; ein Worker, der noch lebt, meldet sich bei seiner nächsten Arbeitsanfrage wieder an.</translation>
    </message>
    <message>
        <source>Deregister</source>
        <translation>Abmelden</translation>
    </message>
    <message>
        <source>%1 deregistered</source>
        <translation>%1 abgemeldet</translation>
    </message>
    <message>
        <source>Deregister idle…</source>
        <translation>Untätige abmelden…</translation>
    </message>
    <message>
        <source>Deregister every worker not seen for longer than a time you choose (the count is shown first).</source>
        <translation>Jeden Worker abmelden, der länger als eine gewählte Zeit nicht gesehen wurde (die Anzahl wird zuerst angezeigt).</translation>
    </message>
    <message>
        <source>Deregister idle workers</source>
        <translation>Untätige Worker abmelden</translation>
    </message>
    <message>
        <source>&amp;Deregister every worker not seen for longer than (minutes):</source>
        <translation>&amp;Jeden Worker abmelden, der nicht gesehen wurde seit mehr als (Minuten):</translation>
    </message>
    <message>
        <source>No worker listed was idle for longer than %1: nothing to do.</source>
        <translation>Kein aufgeführter Worker war länger als %1 untätig: nichts zu tun.</translation>
    </message>
</context>
<context>
    <name>WorkerListModel</name>
    <message>
        <source>Jobs in the worker&apos;s list that are not stalled, as qless&apos;s workers reply counts them. A job qless timed out stays in that list until another worker takes it, so it is counted here too, while the queues count it as waiting.</source>
        <translation>Jobs in der Liste des Workers, die nicht hängen, wie qless’ workers-Antwort sie zählt. Ein Job mit Timeout bleibt in dieser Liste, bis ein anderer Worker ihn nimmt; er wird daher auch hier gezählt, während die Warteschlangen ihn als wartend zählen.</translation>
    </message>
    <message>
        <source>Worker</source>
        <translation>Worker</translation>
    </message>
    <message>
        <source>Jobs</source>
        <translation>Jobs</translation>
    </message>
    <message>
        <source>Stalled</source>
        <translation>Hängend</translation>
    </message>
    <message>
        <source>Last seen</source>
        <translation>Zuletzt gesehen</translation>
    </message>
    <message>
        <source>never</source>
        <translation>nie</translation>
    </message>
    <message>
        <source>%1 ago</source>
        <translation>vor %1</translation>
    </message>
    <message>
        <source>Stalled jobs: %1. Their lock expired: this worker stopped heartbeating them.</source>
        <translation>Hängende Jobs: %1. Ihre Sperre ist abgelaufen: Dieser Worker sendet für sie keinen Heartbeat mehr.</translation>
    </message>
</context>
<context>
    <name>WorkersPage</name>
    <message>
        <source>Workers</source>
        <translation>Worker</translation>
    </message>
    <message>
        <source>The worker chosen here lists its jobs beside</source>
        <translation>Der hier gewählte Worker listet daneben seine Jobs auf</translation>
    </message>
    <message>
        <source>Choose a worker to list its jobs</source>
        <translation>Worker wählen, um seine Jobs zu sehen</translation>
    </message>
    <message>
        <source>⚠ Cannot read the workers: %1</source>
        <translation>⚠ Die Worker können nicht gelesen werden: %1</translation>
    </message>
    <message>
        <source>Worker %1</source>
        <translation>Worker %1</translation>
    </message>
    <message>
        <source>Worker %1 is no longer registered (deregistered, or not seen for too long): choose a worker to list its jobs</source>
        <translation>Worker %1 ist nicht mehr angemeldet (abgemeldet oder zu lange nicht gesehen): Wählen Sie einen Worker, um seine Jobs aufzulisten</translation>
    </message>
    <message>
        <source>%1, %2</source>
        <comment>workers, jobs</comment>
        <translation>%1, %2</translation>
    </message>
    <message numerus="yes">
        <source>%Ln worker(s)</source>
        <translation>
            <numerusform>%Ln Worker</numerusform>
            <numerusform>%Ln Worker</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln job(s)</source>
        <translation>
            <numerusform>%Ln Job</numerusform>
            <numerusform>%Ln Jobs</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 stalled on %Ln worker(s)</source>
        <translation>
            <numerusform>%1 hängend bei %Ln Worker</numerusform>
            <numerusform>%1 hängend bei %Ln Workern</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>A desktop console for the qless job queue: queues, jobs, failures, workers and statistics of a qless deployment, live.
Headless chart export: qlessdesk export-stats --help
Headless table export (CSV): qlessdesk export-table --help</source>
        <translation>Eine Desktop-Konsole für die Job-Warteschlange qless: Warteschlangen, Jobs, Fehler, Worker und Statistiken einer qless-Installation, live.
Diagrammexport ohne Fenster: qlessdesk export-stats --help
Tabellenexport ohne Fenster (CSV): qlessdesk export-table --help</translation>
    </message>
    <message>
        <source>Open the connection read-only: no action can write.</source>
        <translation>Die Verbindung schreibgeschützt öffnen: Keine Aktion kann schreiben.</translation>
    </message>
    <message>
        <source>Draw with the Fusion style and a dark palette, whatever the desktop&apos;s theme (also View &gt; Dark palette).</source>
        <translation>Mit dem Fusion-Stil und einer dunklen Palette zeichnen, unabhängig vom Design des Desktops (auch Ansicht &gt; Dunkle Palette).</translation>
    </message>
    <message>
        <source>Speak LANG: %1. Default: the system&apos;s language if it is one of them, else English.</source>
        <translation>Sprache LANG verwenden: %1. Standard: die Sprache des Systems, falls sie eine davon ist, sonst Englisch.</translation>
    </message>
    <message>
        <source>Connect to URL: redis://[user:password@]host:port/db, rediss://..., unix:///path.sock?db=N or redis-sentinel://host:port,.../master[/db]. Given several times, each server opens in a window of its own. Default: REDIS_URL, else the connection dialog.</source>
        <translation>Mit URL verbinden: redis://[user:password@]host:port/db, rediss://..., unix:///path.sock?db=N oder redis-sentinel://host:port,.../master[/db]. Mehrfach angegeben, öffnet jeder Server ein eigenes Fenster. Standard: REDIS_URL, sonst der Verbindungsdialog.</translation>
    </message>
</context>
</TS>
