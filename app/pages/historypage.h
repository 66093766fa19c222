// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "page.h"

#include <QStringList>
#include <QTimer>

#include <functional>
#include <memory>

class HistoryChart;
class HistoryCompareBar;
class HistoryStore;
class QComboBox;
class QLabel;

// What happened while nobody looked: the server's recorded history (HistoryStore, the file the
// recorder and `qlessdesk record` write) as a chart of throughput, backlog or failures over the
// last hour, day, week or 90 days, for one queue or all, alone or compared with another queue or
// an earlier period. Zoom and pan (the chart's) read again only the part shown, in buckets as
// coarse as its width calls for. It only reads: the store answers on its own thread, so the GUI
// never waits on SQLite; a refresh also renews the list of queues.
class HistoryPage final : public Page
{
    Q_OBJECT

public:
    explicit HistoryPage(QlessSession *session, QWidget *parent = nullptr);
    ~HistoryPage() override;

    QString title() const override { return tr("History"); }
    void refresh(std::function<void(bool ok)> done) override;

    HistoryChart *chart() const { return m_chart; }
    HistoryCompareBar *compareBar() const { return m_compare; }
    // Writes the chart as shown to `path` (PNG, SVG, PDF or CSV by its extension), light, at the
    // exporter's default size; false with `error` set when it could not.
    bool exportTo(const QString &path, QString *error) const;
    // The ranges offered, in the order of the range box.
    static QList<qint64> rangeSpansMs();
    // The reads of the last answer drawn (tests: what zoom asked of the store).
    struct ReadAsked
    {
        qint64 fromMs = 0;
        qint64 toMs = 0;
        int resolutionMinutes = 0;
    };
    const ReadAsked &lastRead() const { return m_lastRead; }

signals:
    // A bulk run's mark was opened: its rows in the Activity page (the window takes it there).
    void openActivityRunRequested(const QString &run, qint64 timeMs);

private:
    enum class View { Reset, FollowNow, Keep };
    void reload(View view, std::function<void(bool ok)> done);
    void setQueues(const QStringList &names);
    void exportInteractively();
    QString titleText() const;
    void showStatus(const QString &error, bool nothing, bool comparisonEmpty);

    std::shared_ptr<HistoryStore> m_store;
    QComboBox *m_range;
    QComboBox *m_queue;
    QComboBox *m_kind;
    HistoryCompareBar *m_compare;
    QLabel *m_status;
    HistoryChart *m_chart;
    // Zoom and pan come in bursts (a wheel turned): one read once they pause.
    QTimer m_readSoon;
    ReadAsked m_lastRead;
    int m_readsAsked = 0;
};
