#include "statshistory.h"

#include "daystatssum.h"
#include "qlessclient.h"

#include <QDateTime>

#include <memory>

StatsHistory::StatsHistory(QlessClient *client, QObject *parent)
    : QObject(parent)
    , m_client(client)
{
}

QDate StatsHistory::today()
{
    return QDateTime::currentDateTimeUtc().date();
}

double StatsHistory::timestampOf(const QDate &day)
{
    return double(QDateTime(day, QTime(12, 0), Qt::UTC).toSecsSinceEpoch());
}

void StatsHistory::load(const QStringList &queues, const QList<QDate> &days, Done done)
{
    struct Pending
    {
        int left = 0;
        QString error;
        Done done;
    };
    auto pending = std::make_shared<Pending>();
    pending->done = std::move(done);
    const QDate settled = today().addDays(-1);
    QList<QPair<QString, QDate>> wanted;
    for (const QString &queue : queues) {
        for (const QDate &day : days) {
            if (day >= settled || !has(queue, day))
                wanted.append({queue, day});
        }
    }
    if (wanted.isEmpty()) {
        pending->done(QString());
        return;
    }
    pending->left = int(wanted.size());
    for (const auto &[queue, day] : wanted) {
        m_client->stats(queue, timestampOf(day), this,
                        [this, pending, queue = queue, day = day](const QlessReply<DayStats> &reply) {
            if (reply.ok())
                m_days[queue].insert(day, reply.value);
            else if (pending->error.isEmpty())
                pending->error = reply.error.message;
            if (--pending->left == 0)
                pending->done(pending->error);
        });
    }
}

bool StatsHistory::has(const QString &queue, const QDate &day) const
{
    const auto it = m_days.constFind(queue);
    return it != m_days.constEnd() && it->contains(day);
}

DayStats StatsHistory::figures(const QStringList &queues, const QDate &day) const
{
    QList<DayStats> parts;
    for (const QString &queue : queues) {
        const auto it = m_days.constFind(queue);
        if (it != m_days.constEnd() && it->contains(day))
            parts << it->value(day);
    }
    if (parts.size() == 1)
        return parts.first();
    return DayStatsSum::combine(parts);
}
