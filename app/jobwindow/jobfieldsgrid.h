// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "job.h"

#include <QMap>
#include <QWidget>

class QLabel;

// The job window's fields, name beside value: class, queue, worker, priority, retries, tracked,
// put, lock expiry (or when a scheduled job falls due), last change, tags, dependencies,
// dependents, the job it was spawned from. A damaged field says so in its place. Links are
// reported (linkActivated) for the view to pass on.
class JobFieldsGrid final : public QWidget
{
    Q_OBJECT

public:
    explicit JobFieldsGrid(QWidget *parent = nullptr);

    // `now`: the Redis server's time, for the ages.
    void showJob(const Job &job, double now);
    // The value label of `field` (the names above: klass, queue, ..., spawned_from_jid).
    QLabel *valueLabel(const QString &field) const { return m_values.value(field); }

signals:
    void linkActivated(const QString &href);

private:
    void setField(const QString &field, const QString &html);

    QMap<QString, QLabel *> m_values;
    QMap<QString, QLabel *> m_names;
};
