// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "page.h"

class EventFilterProxy;
class EventStream;
class QComboBox;
class QHBoxLayout;
class QLabel;
class QLineEdit;
class QPushButton;
class QTableView;
class QTimer;
class RateSparkline;

// What happens in the pipeline as it happens: every event qless publishes (put, popped,
// completed, failed, stalled, lock lost, canceled, config changes...), ours and every other
// client's, from a subscriber connection of its own (EventStream). Filterable by queue, class,
// event and jid; Pause freezes the table while arrivals are still counted; a sparkline shows the
// last minute's rate. A lost stream is a gap row with its times, never hidden. Each batch asks
// the window for an early refresh (changesSeen), so the other pages follow the pipeline.
class EventsPage final : public Page
{
    Q_OBJECT

public:
    explicit EventsPage(QlessSession *session, QWidget *parent = nullptr);
    ~EventsPage() override;

    QString title() const override { return tr("Events"); }
    // Nothing to read: the stream is live. ok = false, so the window does not take this as fresh
    // server data.
    void refresh(std::function<void(bool ok)> done) override;

    EventStream *stream() const { return m_stream; }
    EventFilterProxy *filter() const { return m_filter; }
    QTableView *view() const { return m_view; }
    QLineEdit *queueEdit() const { return m_queue; }
    QLineEdit *klassEdit() const { return m_klass; }
    QComboBox *eventChoice() const { return m_event; }
    QLineEdit *jidEdit() const { return m_jid; }
    QPushButton *pauseButton() const { return m_pause; }
    RateSparkline *sparkline() const { return m_sparkline; }
    QLabel *stateLabel() const { return m_state; }
    QLabel *countsLabel() const { return m_counts; }
    // The counts line is rewritten at most this often while events pour in: 40 batches a second
    // are not read, and each rewrite of the wrapped line lays the page out again.
    static constexpr int CountsIntervalMs = 250;
    void setPaused(bool paused);

private:
    void updateCounts();
    void updateRate();
    void updateState();
    void followTail();

    EventStream *m_stream;
    EventFilterProxy *m_filter;
    QTableView *m_view;
    QLineEdit *m_queue;
    QLineEdit *m_klass;
    QComboBox *m_event;
    QLineEdit *m_jid;
    QPushButton *m_pause;
    QPushButton *m_clear;
    RateSparkline *m_sparkline;
    QLabel *m_rate;
    QLabel *m_state;
    QHBoxLayout *m_statusRow = nullptr; // the state, counts, sparkline and rate
    QLabel *m_counts;
    QTimer *m_tick;
    QTimer *m_countsDue;     // the counts wait for it: a few times a second, not once per batch
    bool m_following = true; // the view shows the newest rows and keeps doing so
};
