// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "page.h"

#include <QStringList>

#include <functional>
#include <memory>

class HistoryChart;
class HistoryStore;
class QComboBox;
class QLabel;

// What happened while nobody looked: the server's recorded history (HistoryStore, the file the
// recorder and `qlessdesk record` write) as a chart of throughput, backlog or failures over the
// last hour, day, week or 90 days, for one queue or all. It only reads: the store answers on its
// own thread, so the GUI never waits on SQLite; a refresh also renews the list of queues.
class HistoryPage final : public Page
{
    Q_OBJECT

public:
    explicit HistoryPage(QlessSession *session, QWidget *parent = nullptr);
    ~HistoryPage() override;

    QString title() const override { return tr("History"); }
    void refresh(std::function<void(bool ok)> done) override;

    HistoryChart *chart() const { return m_chart; }
    // Writes the chart as shown to `path` (PNG, SVG, PDF or CSV by its extension), light, at the
    // exporter's default size; false with `error` set when it could not.
    bool exportTo(const QString &path, QString *error) const;
    // The ranges offered, in the order of the range box.
    static QList<qint64> rangeSpansMs();

private:
    void reload(std::function<void(bool ok)> done);
    void setQueues(const QStringList &names);
    void exportInteractively();

    std::shared_ptr<HistoryStore> m_store;
    QComboBox *m_range;
    QComboBox *m_queue;
    QComboBox *m_kind;
    QLabel *m_status;
    HistoryChart *m_chart;
    int m_readsAsked = 0;
};
