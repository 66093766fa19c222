<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en_US">
<context>
    <name>ActionCenter</name>
    <message numerus="yes">
        <source>%Ln selected job(s)</source>
        <translation>
            <numerusform>%Ln selected job</numerusform>
            <numerusform>%Ln selected jobs</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>All %Ln job(s) of group %1</source>
        <translation>
            <numerusform>All %Ln job of group %1</numerusform>
            <numerusform>All %Ln jobs of group %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>All %Ln job(s) in this list</source>
        <translation>
            <numerusform>All %Ln job in this list</numerusform>
            <numerusform>All %Ln jobs in this list</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ActivityPage</name>
    <message numerus="yes">
        <source>%Ln damaged line(s) of the log (a crash while writing, or a hand edit) marked in the table; everything else is shown.</source>
        <translation>
            <numerusform>%Ln damaged line of the log (a crash while writing, or a hand edit) marked in the table; everything else is shown.</numerusform>
            <numerusform>%Ln damaged lines of the log (a crash while writing, or a hand edit) marked in the table; everything else is shown.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>AlertEvaluator</name>
    <message numerus="yes">
        <source>Failures in %1 grew by %2 in %n minute(s) (more than %3)</source>
        <translation>
            <numerusform>Failures in %1 grew by %2 in %n minute (more than %3)</numerusform>
            <numerusform>Failures in %1 grew by %2 in %n minutes (more than %3)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Waiting jobs in queue %1 grew by %2 % in %n minute(s) (more than %3 %)</source>
        <translation>
            <numerusform>Waiting jobs in queue %1 grew by %2 % in %n minute (more than %3 %)</numerusform>
            <numerusform>Waiting jobs in queue %1 grew by %2 % in %n minutes (more than %3 %)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Jobs completed in %1: %2 a minute over %n minute(s) (under %3)</source>
        <translation>
            <numerusform>Jobs completed in %1: %2 a minute over %n minute (under %3)</numerusform>
            <numerusform>Jobs completed in %1: %2 a minute over %n minutes (under %3)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>AlertHook</name>
    <message numerus="yes">
        <source>The alert command was not run: %n run(s) already waiting.</source>
        <translation>
            <numerusform>The alert command was not run: %n run already waiting.</numerusform>
            <numerusform>The alert command was not run: %n runs already waiting.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The alert command %1 did not end within %n second(s) and was stopped.</source>
        <translation>
            <numerusform>The alert command %1 did not end within %n second and was stopped.</numerusform>
            <numerusform>The alert command %1 did not end within %n seconds and was stopped.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>AlertRule</name>
    <message numerus="yes">
        <source>Failures in %1 grown by more than %2 in %n minute(s)</source>
        <translation>
            <numerusform>Failures in %1 grown by more than %2 in %n minute</numerusform>
            <numerusform>Failures in %1 grown by more than %2 in %n minutes</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The window must be from 1 to %Ln minute(s).</source>
        <translation>
            <numerusform>The window must be from 1 to %Ln minute.</numerusform>
            <numerusform>The window must be from 1 to %Ln minutes.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Waiting jobs in %1 grown by more than %2 % in %n minute(s)</source>
        <translation>
            <numerusform>Waiting jobs in %1 grown by more than %2 % in %n minute</numerusform>
            <numerusform>Waiting jobs in %1 grown by more than %2 % in %n minutes</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Jobs completed in %1 under %2 a minute over %n minute(s)</source>
        <translation>
            <numerusform>Jobs completed in %1 under %2 a minute over %n minute</numerusform>
            <numerusform>Jobs completed in %1 under %2 a minute over %n minutes</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Failed Blueque tasks in %1 grown by more than %2 in %n minute(s)</source>
        <translation>
            <numerusform>Failed Blueque tasks in %1 grown by more than %2 in %n minute</numerusform>
            <numerusform>Failed Blueque tasks in %1 grown by more than %2 in %n minutes</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Failed SideJob jobs in %1 grown by more than %2 in %n minute(s)</source>
        <translation>
            <numerusform>Failed SideJob jobs in %1 grown by more than %2 in %n minute</numerusform>
            <numerusform>Failed SideJob jobs in %1 grown by more than %2 in %n minutes</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>AlertRuleForm</name>
    <message numerus="yes">
        <source> job(s)</source>
        <translation>
            <numerusform> job</numerusform>
            <numerusform> jobs</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> job(s) a minute</source>
        <translation>
            <numerusform> job a minute</numerusform>
            <numerusform> jobs a minute</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> task(s)</source>
        <translation>
            <numerusform> task</numerusform>
            <numerusform> tasks</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>AlertTray</name>
    <message numerus="yes">
        <source>%n qlessdesk alert(s) on %1</source>
        <translation>
            <numerusform>%n qlessdesk alert on %1</numerusform>
            <numerusform>%n qlessdesk alerts on %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>and %n more</source>
        <translation>
            <numerusform>and %n more</numerusform>
            <numerusform>and %n more</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>qlessdesk: %n alert(s) on</source>
        <translation>
            <numerusform>qlessdesk: %n alert on</numerusform>
            <numerusform>qlessdesk: %n alerts on</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>qlessdesk, %1: %n alert(s) on</source>
        <translation>
            <numerusform>qlessdesk, %1: %n alert on</numerusform>
            <numerusform>qlessdesk, %1: %n alerts on</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>AlertsPage</name>
    <message numerus="yes">
        <source>All clear: %n rule(s) checked after every refresh.</source>
        <translation>
            <numerusform>All clear: %n rule checked after every refresh.</numerusform>
            <numerusform>All clear: %n rules checked after every refresh.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n alert(s) on, </source>
        <translation>
            <numerusform>%n alert on, </numerusform>
            <numerusform>%n alerts on, </numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n not acknowledged.</source>
        <translation>
            <numerusform>%n not acknowledged.</numerusform>
            <numerusform>%n not acknowledged.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>AllServersWindow</name>
    <message numerus="yes">
        <source>%n server(s)</source>
        <translation>
            <numerusform>%n server</numerusform>
            <numerusform>%n servers</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n not answering</source>
        <translation>
            <numerusform>%n not answering</numerusform>
            <numerusform>%n not answering</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n alert(s) on</source>
        <translation>
            <numerusform>%n alert on</numerusform>
            <numerusform>%n alerts on</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln worker(s)</source>
        <translation>
            <numerusform>%Ln worker</numerusform>
            <numerusform>%Ln workers</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>BluequeAction</name>
    <message numerus="yes">
        <source>%n selected %1 task(s) of %2</source>
        <translation>
            <numerusform>%n selected %1 task of %2</numerusform>
            <numerusform>%n selected %1 tasks of %2</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>all %Ln %1 task(s) of %2</source>
        <translation>
            <numerusform>all %Ln %1 task of %2</numerusform>
            <numerusform>all %Ln %1 tasks of %2</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>BluequeActions</name>
    <message numerus="yes">
        <source>Re&amp;queue %n selected task(s)…</source>
        <translation>
            <numerusform>Re&amp;queue %n selected task…</numerusform>
            <numerusform>Re&amp;queue %n selected tasks…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>&amp;Delete %n selected task(s)…</source>
        <translation>
            <numerusform>&amp;Delete %n selected task…</numerusform>
            <numerusform>&amp;Delete %n selected tasks…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>&amp;Cancel %n selected task(s)…</source>
        <translation>
            <numerusform>&amp;Cancel %n selected task…</numerusform>
            <numerusform>&amp;Cancel %n selected tasks…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>&amp;Run %n selected task(s) now…</source>
        <translation>
            <numerusform>&amp;Run %n selected task now…</numerusform>
            <numerusform>&amp;Run %n selected tasks now…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Requeue %Ln task(s)</source>
        <translation>
            <numerusform>Requeue %Ln task</numerusform>
            <numerusform>Requeue %Ln tasks</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Delete %Ln task(s)</source>
        <translation>
            <numerusform>Delete %Ln task</numerusform>
            <numerusform>Delete %Ln tasks</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Cancel %Ln task(s)</source>
        <translation>
            <numerusform>Cancel %Ln task</numerusform>
            <numerusform>Cancel %Ln tasks</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Run %Ln task(s) now</source>
        <translation>
            <numerusform>Run %Ln task now</numerusform>
            <numerusform>Run %Ln tasks now</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Requeue &amp;all %Ln failed task(s) of %1…</source>
        <translation>
            <numerusform>Requeue &amp;all %Ln failed task of %1…</numerusform>
            <numerusform>Requeue &amp;all %Ln failed tasks of %1…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Delete all %Ln %1 task(s) of %2…</source>
        <translation>
            <numerusform>Delete all %Ln %1 task of %2…</numerusform>
            <numerusform>Delete all %Ln %1 tasks of %2…</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>BluequeBulkRun</name>
    <message numerus="yes">
        <source>%n task(s) left the list meanwhile, taken by another client</source>
        <translation>
            <numerusform>%n task left the list meanwhile, taken by another client</numerusform>
            <numerusform>%n tasks left the list meanwhile, taken by another client</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The reply of the last call was lost: its %n task(s) may or may not have been changed, and are counted as not attempted</source>
        <translation>
            <numerusform>The reply of the last call was lost: its %n task may or may not have been changed, and are counted as not attempted</numerusform>
            <numerusform>The reply of the last call was lost: its %n tasks may or may not have been changed, and are counted as not attempted</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>BluequeListenerModel</name>
    <message numerus="yes">
        <source>%n held task(s) still say pending: a dequeue cut short, or one just taken</source>
        <translation>
            <numerusform>%n held task still says pending: a dequeue cut short, or one just taken</numerusform>
            <numerusform>%n held tasks still say pending: a dequeue cut short, or one just taken</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n still pending</source>
        <translation>
            <numerusform>%n still pending</numerusform>
            <numerusform>%n still pending</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>BluequePage</name>
    <message numerus="yes">
        <source>%n Blueque queue(s)</source>
        <translation>
            <numerusform>%n Blueque queue</numerusform>
            <numerusform>%n Blueque queues</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n anomaly(ies): hover a queue&apos;s Anomalies cell for why</source>
        <translation>
            <numerusform>%n anomaly: hover a queue&apos;s Anomalies cell for why</numerusform>
            <numerusform>%n anomalies: hover a queue&apos;s Anomalies cell for why</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 of %2: %n task(s)</source>
        <translation>
            <numerusform>%1 of %2: %n task</numerusform>
            <numerusform>%1 of %2: %n tasks</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>listeners of %1: %n read</source>
        <translation>
            <numerusform>listeners of %1: %n read</numerusform>
            <numerusform>listeners of %1: %n read</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n reserved list(s) left by listeners gone from the set (marked)</source>
        <translation>
            <numerusform>%n reserved list left by a listener gone from the set (marked)</numerusform>
            <numerusform>%n reserved lists left by listeners gone from the set (marked)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>BluequeQueueModel</name>
    <message numerus="yes">
        <source>%n scheduled task(s) past their eta: no process runs enqueue_due_tasks for this queue</source>
        <translation>
            <numerusform>%n scheduled task past its eta: no process runs enqueue_due_tasks for this queue</numerusform>
            <numerusform>%n scheduled tasks past their eta: no process runs enqueue_due_tasks for this queue</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n reserved task(s) still pending for more than a few seconds: a dequeue cut short (its listener may have died between taking the id and writing the status)</source>
        <translation>
            <numerusform>%n reserved task still pending for more than a few seconds: a dequeue cut short (its listener may have died between taking the id and writing the status)</numerusform>
            <numerusform>%n reserved tasks still pending for more than a few seconds: a dequeue cut short (their listener may have died between taking the id and writing the status)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>BluequeSearchPage</name>
    <message numerus="yes">
        <source>%Ln task(s) found</source>
        <translation>
            <numerusform>%Ln task found</numerusform>
            <numerusform>%Ln tasks found</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln task(s) looked at</source>
        <translation>
            <numerusform>%Ln task looked at</numerusform>
            <numerusform>%Ln tasks looked at</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>BulkRunner</name>
    <message numerus="yes">
        <source>The steps of %n job(s) may or may not have run: the connection dropped before their replies. Look at those jobs to see whether they were changed.</source>
        <translation>
            <numerusform>The step of %n job may or may not have run: the connection dropped before its reply. Look at that job to see whether it was changed.</numerusform>
            <numerusform>The steps of %n jobs may or may not have run: the connection dropped before their replies. Look at those jobs to see whether they were changed.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>the last %n batch(es) (up to %1 jobs) may or may not have run: the connection dropped before the replies. The failure group shows which jobs are still in it.</source>
        <translation>
            <numerusform>the last batch (up to %1 jobs) may or may not have run: the connection dropped before its reply. The failure group shows which jobs are still in it.</numerusform>
            <numerusform>the last %n batches (up to %1 jobs) may or may not have run: the connection dropped before their replies. The failure group shows which jobs are still in it.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>BulkSummary</name>
    <message numerus="yes">
        <source>%1 of %Ln job(s) done</source>
        <translation>
            <numerusform>%1 of %Ln job done</numerusform>
            <numerusform>%1 of %Ln jobs done</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 of %Ln task(s) done</source>
        <translation>
            <numerusform>%1 of %Ln task done</numerusform>
            <numerusform>%1 of %Ln tasks done</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>BulkTarget</name>
    <message numerus="yes">
        <source>%Ln selected job(s)</source>
        <translation>
            <numerusform>%Ln selected job</numerusform>
            <numerusform>%Ln selected jobs</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>all %Ln job(s) %1</source>
        <translation>
            <numerusform>all %Ln job %1</numerusform>
            <numerusform>all %Ln jobs %1</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>CompletedPage</name>
    <message numerus="yes">
        <source>%Ln job(s)</source>
        <translation>
            <numerusform>%Ln job</numerusform>
            <numerusform>%Ln jobs</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ConnectionBar</name>
    <message numerus="yes">
        <source>Refresh: every %n s</source>
        <translation>
            <numerusform>Refresh: every %n s</numerusform>
            <numerusform>Refresh: every %n s</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n s ago</source>
        <translation>
            <numerusform>%n s ago</numerusform>
            <numerusform>%n s ago</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ConnectionStateText</name>
    <message numerus="yes">
        <source>reconnecting in %n s: %1</source>
        <translation>
            <numerusform>reconnecting in %n s: %1</numerusform>
            <numerusform>reconnecting in %n s: %1</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>DependencyGraphWindow</name>
    <message numerus="yes">
        <source>%n job(s)</source>
        <translation>
            <numerusform>%n job</numerusform>
            <numerusform>%n jobs</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n step(s)</source>
        <translation>
            <numerusform>%n step</numerusform>
            <numerusform>%n steps</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n job(s) waiting on it</source>
        <translation>
            <numerusform>%n job waiting on it</numerusform>
            <numerusform>%n jobs waiting on it</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Stopped %n step(s) away.</source>
        <translation>
            <numerusform>Stopped %n step away.</numerusform>
            <numerusform>Stopped %n steps away.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n link(s) to jobs not read: the boxes marked +N have more beyond them.</source>
        <translation>
            <numerusform>%n link to jobs not read: the boxes marked +N have more beyond them.</numerusform>
            <numerusform>%n links to jobs not read: the boxes marked +N have more beyond them.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>FailureClustersDialog</name>
    <message numerus="yes">
        <source>%n cluster(s) of failure group %1</source>
        <translation>
            <numerusform>%n cluster of failure group %1</numerusform>
            <numerusform>%n clusters of failure group %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Reading the failures of %1: %2 of %3, %Ln cluster(s) so far</source>
        <translation>
            <numerusform>Reading the failures of %1: %2 of %3, %Ln cluster so far</numerusform>
            <numerusform>Reading the failures of %1: %2 of %3, %Ln clusters so far</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln failure(s) of %1</source>
        <translation>
            <numerusform>%Ln failure of %1</numerusform>
            <numerusform>%Ln failures of %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln cluster(s)</source>
        <translation>
            <numerusform>%Ln cluster</numerusform>
            <numerusform>%Ln clusters</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> (%Ln listed job(s) gone or unreadable, left out)</source>
        <translation>
            <numerusform> (%Ln listed job gone or unreadable, left out)</numerusform>
            <numerusform> (%Ln listed jobs gone or unreadable, left out)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Stopped after %1 of %Ln failure(s): the clusters below are of those only</source>
        <translation>
            <numerusform>Stopped after %1 of %Ln failure: the clusters below are of those only</numerusform>
            <numerusform>Stopped after %1 of %Ln failures: the clusters below are of those only</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>FailureTimingView</name>
    <message numerus="yes">
        <source>No run before a failure could be measured in the %n jobs read.</source>
        <translation>
            <numerusform>No run before a failure could be measured in the %n job read.</numerusform>
            <numerusform>No run before a failure could be measured in the %n jobs read.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n not measured</source>
        <translation>
            <numerusform>%n not measured</numerusform>
            <numerusform>%n not measured</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n of the jobs read show no run before their failure (failed while waiting, or their history trimmed).</source>
        <translation>
            <numerusform>%n of the jobs read shows no run before its failure (failed while waiting, or its history trimmed).</numerusform>
            <numerusform>%n of the jobs read show no run before their failure (failed while waiting, or their history trimmed).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n listed jobs were gone from Redis.</source>
        <translation>
            <numerusform>%n listed job was gone from Redis.</numerusform>
            <numerusform>%n listed jobs were gone from Redis.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>HistoryCompareBar</name>
    <message numerus="yes">
        <source>%n h earlier</source>
        <translation>
            <numerusform>%n h earlier</numerusform>
            <numerusform>%n h earlier</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>JobHistoryPage</name>
    <message numerus="yes">
        <source> %n log entries (notes from workers or from this console’s Add note).</source>
        <translation>
            <numerusform> %n log entry (a note from a worker or from this console’s Add note).</numerusform>
            <numerusform> %n log entries (notes from workers or from this console’s Add note).</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>JobListModel</name>
    <message numerus="yes">
        <source>waits on %n job(s)</source>
        <translation>
            <numerusform>waits on %n job</numerusform>
            <numerusform>waits on %n jobs</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>JobListPane</name>
    <message numerus="yes">
        <source>: %Ln job(s)</source>
        <translation>
            <numerusform>: %Ln job</numerusform>
            <numerusform>: %Ln jobs</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>JobTimeline</name>
    <message numerus="yes">
        <source>%n entries between the first and the latest are not drawn (too many to draw).</source>
        <translation>
            <numerusform>%n entry between the first and the latest is not drawn (too many to draw).</numerusform>
            <numerusform>%n entries between the first and the latest are not drawn (too many to draw).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n entries carry a time earlier than the entry before them; they are drawn at that entry&apos;s time.</source>
        <translation>
            <numerusform>%n entry carries a time earlier than the entry before it; it is drawn at that entry&apos;s time.</numerusform>
            <numerusform>%n entries carry a time earlier than the entry before them; they are drawn at that entry&apos;s time.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n entries have no time and are not drawn.</source>
        <translation>
            <numerusform>%n entry has no time and is not drawn.</numerusform>
            <numerusform>%n entries have no time and are not drawn.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n entries could not be read and are not drawn.</source>
        <translation>
            <numerusform>%n entry could not be read and is not drawn.</numerusform>
            <numerusform>%n entries could not be read and are not drawn.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>JobTimelineView</name>
    <message numerus="yes">
        <source>Waited %1 (%n waits)</source>
        <translation>
            <numerusform>Waited %1 (%n wait)</numerusform>
            <numerusform>Waited %1 (%n waits)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>ran %1 (%n runs)</source>
        <translation>
            <numerusform>ran %1 (%n run)</numerusform>
            <numerusform>ran %1 (%n runs)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n retries (%1 of running and waiting again, not split)</source>
        <translation>
            <numerusform>%n retry (%1 of running and waiting again, not split)</numerusform>
            <numerusform>%n retries (%1 of running and waiting again, not split)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n failures</source>
        <translation>
            <numerusform>%n failure</numerusform>
            <numerusform>%n failures</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n timeouts</source>
        <translation>
            <numerusform>%n timeout</numerusform>
            <numerusform>%n timeouts</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>JsonTreeModel</name>
    <message numerus="yes">
        <source>{%Ln keys}</source>
        <translation>
            <numerusform>{%Ln key}</numerusform>
            <numerusform>{%Ln keys}</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>[%Ln items]</source>
        <translation>
            <numerusform>[%Ln item]</numerusform>
            <numerusform>[%Ln items]</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>OverviewPage</name>
    <message numerus="yes">
        <source>&lt;b&gt;%Ln&lt;/b&gt; queue(s)</source>
        <translation>
            <numerusform>&lt;b&gt;%Ln&lt;/b&gt; queue</numerusform>
            <numerusform>&lt;b&gt;%Ln&lt;/b&gt; queues</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;%Ln&lt;/b&gt; worker(s) seen</source>
        <translation>
            <numerusform>&lt;b&gt;%Ln&lt;/b&gt; worker seen</numerusform>
            <numerusform>&lt;b&gt;%Ln&lt;/b&gt; workers seen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;%Ln&lt;/b&gt; job(s) on workers</source>
        <translation>
            <numerusform>&lt;b&gt;%Ln&lt;/b&gt; job on workers</numerusform>
            <numerusform>&lt;b&gt;%Ln&lt;/b&gt; jobs on workers</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>QObject</name>
    <message numerus="yes">
        <source>Copy %n jids</source>
        <translation>
            <numerusform>Copy %n jid</numerusform>
            <numerusform>Copy %n jids</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>QlessDependencyReader</name>
    <message numerus="yes">
        <source>Waits on %n job(s)</source>
        <translation>
            <numerusform>Waits on %n job</numerusform>
            <numerusform>Waits on %n jobs</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n job(s) wait on it</source>
        <translation>
            <numerusform>%n job waits on it</numerusform>
            <numerusform>%n jobs wait on it</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>QueuesPage</name>
    <message numerus="yes">
        <source>%Ln job(s)</source>
        <translation>
            <numerusform>%Ln job</numerusform>
            <numerusform>%Ln jobs</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln template(s)</source>
        <translation>
            <numerusform>%Ln template</numerusform>
            <numerusform>%Ln templates</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln timed out (listed first: the next pop takes them) · %1</source>
        <translation>
            <numerusform>%Ln timed out (listed first: the next pop takes them) · %1</numerusform>
            <numerusform>%Ln timed out (listed first: the next pop takes them) · %1</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>SearchPage</name>
    <message numerus="yes">
        <source>%Ln matches</source>
        <translation>
            <numerusform>%Ln match</numerusform>
            <numerusform>%Ln matches</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln keys looked at</source>
        <translation>
            <numerusform>%Ln key looked at</numerusform>
            <numerusform>%Ln keys looked at</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>all %Ln matches of the search</source>
        <translation>
            <numerusform>the %Ln match of the search</numerusform>
            <numerusform>all %Ln matches of the search</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ServerOverviewModel</name>
    <message numerus="yes">
        <source>%n on</source>
        <translation>
            <numerusform>%n on</numerusform>
            <numerusform>%n on</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>no reply for %n s</source>
        <translation>
            <numerusform>no reply for %n s</numerusform>
            <numerusform>no reply for %n s</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Connected, but the last read has had no reply for %n s: the server is busy or the network is stalled. The other servers are read on regardless.</source>
        <translation>
            <numerusform>Connected, but the last read has had no reply for %n s: the server is busy or the network is stalled. The other servers are read on regardless.</numerusform>
            <numerusform>Connected, but the last read has had no reply for %n s: the server is busy or the network is stalled. The other servers are read on regardless.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 failed jobs in %n failure group(s)</source>
        <translation>
            <numerusform>%1 failed jobs in %n failure group</numerusform>
            <numerusform>%1 failed jobs in %n failure groups</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>SideJobAction</name>
    <message numerus="yes">
        <source>%n selected job(s)</source>
        <translation>
            <numerusform>%n selected job</numerusform>
            <numerusform>%n selected jobs</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>SideJobActions</name>
    <message numerus="yes">
        <source>&amp;Run %n job(s)…</source>
        <translation>
            <numerusform>&amp;Run %n job…</numerusform>
            <numerusform>&amp;Run %n jobs…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>&amp;Force a run of %n job(s)…</source>
        <translation>
            <numerusform>&amp;Force a run of %n job…</numerusform>
            <numerusform>&amp;Force a run of %n jobs…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>&amp;Terminate %n job(s)…</source>
        <translation>
            <numerusform>&amp;Terminate %n job…</numerusform>
            <numerusform>&amp;Terminate %n jobs…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Terminate %n job(s) with all &amp;descendants…</source>
        <translation>
            <numerusform>Terminate %n job with all &amp;descendants…</numerusform>
            <numerusform>Terminate %n jobs with all &amp;descendants…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>De&amp;lete %n terminated job(s) with all descendants…</source>
        <translation>
            <numerusform>De&amp;lete %n terminated job with all descendants…</numerusform>
            <numerusform>De&amp;lete %n terminated jobs with all descendants…</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>SideJobJobsPage</name>
    <message numerus="yes">
        <source>%n job(s) listed, newest first; scroll for more (ids below %1 not yet looked at)</source>
        <translation>
            <numerusform>%n job listed, newest first; scroll for more (ids below %1 not yet looked at)</numerusform>
            <numerusform>%n jobs listed, newest first; scroll for more (ids below %1 not yet looked at)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n job(s) listed: every id looked at</source>
        <translation>
            <numerusform>%n job listed: every id looked at</numerusform>
            <numerusform>%n jobs listed: every id looked at</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n look(s) wrong: see What looks wrong</source>
        <translation>
            <numerusform>%n looks wrong: see What looks wrong</numerusform>
            <numerusform>%n look wrong: see What looks wrong</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>SideJobSearchPage</name>
    <message numerus="yes">
        <source>Searching… %Ln job(s) found so far, %1 ids looked at</source>
        <translation>
            <numerusform>Searching… %Ln job found so far, %1 ids looked at</numerusform>
            <numerusform>Searching… %Ln jobs found so far, %1 ids looked at</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln job(s) found, %1 ids looked at</source>
        <translation>
            <numerusform>%Ln job found, %1 ids looked at</numerusform>
            <numerusform>%Ln jobs found, %1 ids looked at</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>SideJobSession</name>
    <message numerus="yes">
        <source>SideJob: %n job(s), last id %1, %2</source>
        <translation>
            <numerusform>SideJob: %n job, last id %1, %2</numerusform>
            <numerusform>SideJob: %n jobs, last id %1, %2</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>SidekiqMonitor</name>
    <message numerus="yes">
        <source>%n queue(s)</source>
        <translation>
            <numerusform>%n queue</numerusform>
            <numerusform>%n queues</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n process(es), %1 busy</source>
        <translation>
            <numerusform>%n process, %1 busy</numerusform>
            <numerusform>%n processes, %1 busy</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>StatsChart</name>
    <message numerus="yes">
        <source>%1: %Ln job(s) (%2 %)</source>
        <translation>
            <numerusform>%1: %Ln job (%2 %)</numerusform>
            <numerusform>%1: %Ln jobs (%2 %)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>StatsPage</name>
    <message numerus="yes">
        <source>%1 · %2 · last %n day(s)</source>
        <translation>
            <numerusform>%1 · %2 · last %n day</numerusform>
            <numerusform>%1 · %2 · last %n days</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>StatusBar</name>
    <message numerus="yes">
        <source>%n bulk run(s): listing jobs</source>
        <translation>
            <numerusform>Bulk run: listing jobs</numerusform>
            <numerusform>%n bulk runs: listing jobs</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n bulk run(s): %1</source>
        <translation>
            <numerusform>Bulk run: %1</numerusform>
            <numerusform>%n bulk runs: %1</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>SystemFiguresSource</name>
    <message numerus="yes">
        <source>%Ln queue(s)</source>
        <translation>
            <numerusform>%Ln queue</numerusform>
            <numerusform>%Ln queues</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln pending</source>
        <translation>
            <numerusform>%Ln pending</numerusform>
            <numerusform>%Ln pending</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln failed</source>
        <translation>
            <numerusform>%Ln failed</numerusform>
            <numerusform>%Ln failed</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln listener(s)</source>
        <translation>
            <numerusform>%Ln listener</numerusform>
            <numerusform>%Ln listeners</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln job(s)</source>
        <translation>
            <numerusform>%Ln job</numerusform>
            <numerusform>%Ln jobs</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln Sidekiq queue(s)</source>
        <translation>
            <numerusform>%Ln Sidekiq queue</numerusform>
            <numerusform>%Ln Sidekiq queues</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln queued</source>
        <translation>
            <numerusform>%Ln queued</numerusform>
            <numerusform>%Ln queued</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln process(es)</source>
        <translation>
            <numerusform>%Ln process</numerusform>
            <numerusform>%Ln processes</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln to retry</source>
        <translation>
            <numerusform>%Ln to retry</numerusform>
            <numerusform>%Ln to retry</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln dead</source>
        <translation>
            <numerusform>%Ln dead</numerusform>
            <numerusform>%Ln dead</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>TableExportButton</name>
    <message numerus="yes">
        <source>%1 of %Ln row(s) written</source>
        <translation>
            <numerusform>%1 of %Ln row written</numerusform>
            <numerusform>%1 of %Ln rows written</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln row(s) written</source>
        <translation>
            <numerusform>%Ln row written</numerusform>
            <numerusform>%Ln rows written</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Saved %Ln row(s) to %1</source>
        <translation>
            <numerusform>Saved %Ln row to %1</numerusform>
            <numerusform>Saved %Ln rows to %1</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>TroubleBanner</name>
    <message numerus="yes">
        <source>Connection to %1 lost: %2. Retrying in %n s; what is shown is from the last refresh.</source>
        <translation>
            <numerusform>Connection to %1 lost: %2. Retrying in %n s; what is shown is from the last refresh.</numerusform>
            <numerusform>Connection to %1 lost: %2. Retrying in %n s; what is shown is from the last refresh.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>WindowTitle</name>
    <message numerus="yes">
        <source>%1 — %n paused — qlessdesk</source>
        <translation>
            <numerusform>%1 — %n paused — qlessdesk</numerusform>
            <numerusform>%1 — %n paused — qlessdesk</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>WorkersPage</name>
    <message numerus="yes">
        <source>%Ln worker(s)</source>
        <translation>
            <numerusform>%Ln worker</numerusform>
            <numerusform>%Ln workers</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln job(s)</source>
        <translation>
            <numerusform>%Ln job</numerusform>
            <numerusform>%Ln jobs</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 stalled on %Ln worker(s)</source>
        <translation>
            <numerusform>%1 stalled on %Ln worker</numerusform>
            <numerusform>%1 stalled on %Ln workers</numerusform>
        </translation>
    </message>
</context>
</TS>
