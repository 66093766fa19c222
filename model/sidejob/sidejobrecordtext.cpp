// SPDX-License-Identifier: GPL-3.0-or-later
#include "sidejobrecordtext.h"

#include "jsontext.h"
#include "sidejobtime.h"
#include "timetext.h"

#include <QCoreApplication>
#include <QRegularExpression>

namespace {
QString tr(const char *text)
{
    return QCoreApplication::translate("SideJobRecordText", text);
}

QString esc(const QString &text)
{
    return text.toHtmlEscaped();
}

QString pre(const QByteArray &json)
{
    return QStringLiteral("<pre>") + esc(JsonText::pretty(json)) + QStringLiteral("</pre>");
}

QString row(const QString &name, const QString &valueHtml)
{
    return QStringLiteral("<tr><td><b>%1</b></td><td>%2</td></tr>").arg(esc(name), valueHtml);
}

QString warning(const QString &text)
{
    return QStringLiteral("<p style=\"color:#b00020\">&#9888; %1</p>").arg(esc(text));
}

} // namespace

namespace SideJobRecordText {
// Helpers here rather than in the unnamed namespace: lupdate takes their texts' context from it.
static QString when(const QString &iso, double now)
{
    if (iso.isEmpty())
        return tr("never");
    const std::optional<double> at = SideJobTime::seconds(iso);
    return at ? esc(TimeText::localAndRelative(*at, now)) : esc(iso) + esc(tr("  (not an ISO time)"));
}

static QString jobAnchor(const QByteArray &id, const QString &status)
{
    QString html =
        QStringLiteral("<a href=\"%1\">%2</a>").arg(SideJobRecordText::jobLink(id), esc(QString::fromUtf8(id)));
    return html + (status.isEmpty() ? esc(tr(" (no record)")) : QStringLiteral(" (%1)").arg(esc(status)));
}

static QString ports(const QList<SideJobPort> &list, qint64 total, bool input)
{
    if (list.isEmpty())
        return esc(tr("none"));
    QString html = QStringLiteral("<ul>");
    for (const SideJobPort &port : list) {
        QString line;
        if (port.name == QLatin1String("*"))
            line = esc(tr("* (dynamic: any port name is made on first use)"));
        else if (port.waiting < 0)
            line = esc(tr("%1: its list is a %2, not a list").arg(port.name, QString::fromUtf8(port.head)));
        else
            line = QStringLiteral("<a href=\"%1\">%2</a>: %3")
                       .arg(SideJobRecordText::portLink(input, port.name), esc(port.name),
                            esc(port.waiting == 1 ? tr("1 value waiting") : tr("%1 values waiting").arg(port.waiting)));
        if (!port.defaultValue.isEmpty())
            line += esc(tr("; default %1").arg(JsonText::compact(port.defaultValue)));
        if (!port.channels.isEmpty())
            line += esc(tr("; channels %1").arg(JsonText::compact(port.channels)));
        if (port.waiting > 0 && !port.head.isEmpty())
            line += QStringLiteral("<br>") + esc(tr("oldest: "))
                    + QStringLiteral("<code>%1</code>").arg(esc(JsonText::compact(port.head)));
        html += QStringLiteral("<li>") + line + QStringLiteral("</li>");
    }
    if (total > list.size())
        html += QStringLiteral("<li>") + esc(tr("... %1 ports in all, the first %2 shown").arg(total).arg(list.size()))
                + QStringLiteral("</li>");
    return html + QStringLiteral("</ul>");
}

static QString lockText(const SideJobRecord &r)
{
    QString text;
    if (!r.lockToken.isEmpty())
        text =
            tr("held by the worker with token %1, expires in %2 s").arg(QString::fromUtf8(r.lockToken)).arg(r.lockTtl);
    else
        text = tr("not locked");
    if (r.workerTaking)
        text += tr("; a worker is taking the lock now");
    return esc(text);
}
QString jobLink(const QByteArray &id)
{
    return QStringLiteral("sidejob-job:") + QString::fromUtf8(id);
}

QString childrenLink(const QByteArray &cursor)
{
    return QStringLiteral("sidejob-children:") + QString::fromUtf8(cursor);
}

QString portLink(bool input, const QString &port)
{
    return QStringLiteral("sidejob-port:%1:%2").arg(input ? QStringLiteral("in") : QStringLiteral("out"), port);
}

QString describe(const SideJobRecord &r, double now)
{
    QString html = QStringLiteral("<h3>%1</h3>").arg(esc(tr("Job %1").arg(QString::fromUtf8(r.id))));
    if (!r.inJobs)
        html += warning(tr("Not in the set jobs: deleted, or never made by SideJob."));
    if (r.layout == QLatin1String("none"))
        return html
               + warning(tr("No keys: being created (SideJob lists the id before writing its record), or its "
                            "creator died there. The library's own reads fail on such a job."));
    if (r.layout.startsWith(QLatin1String("odd:")))
        return html
               + warning(
                   tr("job:%1 is a %2: SideJob never writes that.").arg(QString::fromUtf8(r.id), r.layout.mid(4)));
    if (r.layout == QLatin1String("4.0"))
        html += QStringLiteral("<p>%1</p>")
                    .arg(esc(tr("Seed layout (4.0.x): one hash job:%1. After an upgrade to 4.1 such a job is stuck: "
                                "4.1 cannot read it.")
                                 .arg(QString::fromUtf8(r.id))));
    if (r.status == QLatin1String("running") && r.lockToken.isEmpty())
        html += warning(tr("Running without a lock: its worker died, or ran longer than the lock's 60 s; a "
                           "second worker could run it at the same time."));
    if ((r.status == QLatin1String("queued") || r.status == QLatin1String("terminating")) && !r.inQueue && !r.inSchedule
        && r.lockToken.isEmpty() && !r.workerTaking)
        html += warning(tr("%1, but no Sidekiq item was found for it (among the queue's newest 1000 and the "
                           "schedule's first 1000) and no worker holds it: unless it is further in, nothing will "
                           "run it until it is run again (an input, a child finishing, a console run).")
                            .arg(r.status));
    if (r.status == QLatin1String("completed") && r.ranAt.isEmpty())
        html += warning(tr("Completed but never run: its creation is under way, or its creator died before "
                           "queueing it."));
    if (r.rate.toLongLong() > 600)
        html += warning(tr("Started more than 600 times this minute: SideJob terminates it."));

    html += QStringLiteral("<table cellspacing=\"4\">");
    html += row(tr("Status"), esc(r.status.isEmpty() ? tr("(none)") : r.status));
    html += row(tr("Queue"), esc(r.queue));
    html += row(tr("Class"), esc(r.klass));
    if (r.layout == QLatin1String("4.1") && !r.workerParsed)
        html += row(tr("Worker record"),
                    esc(tr("not JSON: "))
                        + QStringLiteral("<code>%1</code>").arg(esc(QString::fromUtf8(r.fields.value(1).second))));
    html += row(tr("Created"), when(r.createdAt, now));
    static const QRegularExpression byJob(QStringLiteral("^job:(\\d+)$"));
    const QRegularExpressionMatch creatorJob = byJob.match(r.createdBy);
    html += row(tr("Created by"), creatorJob.hasMatch()
                                      ? QStringLiteral("<a href=\"%1\">%2</a>")
                                            .arg(jobLink(creatorJob.captured(1).toUtf8()), esc(r.createdBy))
                                      : esc(r.createdBy.isEmpty() ? tr("(nobody named)") : r.createdBy));
    html += row(tr("Last run"), when(r.ranAt, now));
    html += row(tr("Parent"), r.parent.isEmpty() ? esc(tr("none")) : jobAnchor(r.parent, r.parentStatus));
    html += row(tr("Lock"), lockText(r));
    if (!r.rate.isEmpty())
        html += row(tr("Runs this minute"), esc(QString::fromUtf8(r.rate)));
    QStringList sidekiq;
    if (r.inQueue)
        sidekiq << tr("its item waits in queue:%1").arg(r.queue);
    if (r.inSchedule)
        sidekiq << tr("its item is in the schedule");
    html += row(tr("Sidekiq"), esc(sidekiq.isEmpty() ? tr("no item found") : sidekiq.join(QStringLiteral("; "))));
    if (!r.aliases.isEmpty())
        html += row(tr("Aliases"), esc(r.aliases.join(QStringLiteral(", "))));
    html += QStringLiteral("</table>");

    html += QStringLiteral("<h4>%1</h4>").arg(esc(tr("Args"))) + pre(r.args.isEmpty() ? "null" : r.args);
    html += QStringLiteral("<h4>%1</h4>").arg(esc(tr("Children (%1)").arg(r.childTotal)));
    if (r.children.isEmpty()) {
        html += esc(tr("none"));
    } else {
        html += QStringLiteral("<ul>");
        for (const SideJobChild &child : r.children)
            html += QStringLiteral("<li>%1: %2</li>").arg(esc(child.name), jobAnchor(child.id, child.status));
        html += QStringLiteral("</ul>");
    }
    if (r.childTotal > r.children.size()) {
        QStringList links;
        if (r.childCursor != "0")
            links << QStringLiteral("<a href=\"%1\">%2</a>").arg(childrenLink("0"), esc(tr("First children")));
        if (!r.childNext.isEmpty() && r.childNext != "0")
            links << QStringLiteral("<a href=\"%1\">%2</a>").arg(childrenLink(r.childNext), esc(tr("Next children")));
        html += QStringLiteral("<p>%1 %2</p>")
                    .arg(esc(tr("%1 of %2 children shown.").arg(r.children.size()).arg(r.childTotal)),
                         links.join(QStringLiteral(" · ")));
    }
    html += QStringLiteral("<h4>%1</h4>").arg(esc(tr("Input ports"))) + ports(r.inports, r.inportTotal, true);
    html += QStringLiteral("<h4>%1</h4>").arg(esc(tr("Output ports"))) + ports(r.outports, r.outportTotal, false);
    html += QStringLiteral("<h4>%1</h4>").arg(esc(tr("State (%1)").arg(r.stateTotal)));
    if (r.state.isEmpty())
        html += esc(tr("empty"));
    for (const auto &field : r.state)
        html += QStringLiteral("<b>%1</b>").arg(esc(field.first)) + pre(field.second);
    return html;
}
} // namespace SideJobRecordText
