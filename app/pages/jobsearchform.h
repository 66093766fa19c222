// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "jobsearchcriteria.h"

#include <QWidget>

class QCheckBox;
class QComboBox;
class QLineEdit;

// The Search page's criteria: a field per thing a job can be found by, a state to pick, and
// whether the message and data fields are regular expressions. Enter in any field asks for the
// search (submitted).
class JobSearchForm final : public QWidget
{
    Q_OBJECT

public:
    explicit JobSearchForm(QWidget *parent = nullptr);

    JobSearchCriteria criteria() const;
    void setCriteria(const JobSearchCriteria &criteria);

    QLineEdit *jidField() const { return m_jid; }
    QLineEdit *tagField() const { return m_tag; }
    QLineEdit *classField() const { return m_klass; }
    QLineEdit *queueField() const { return m_queue; }
    QLineEdit *workerField() const { return m_worker; }
    QComboBox *stateChoice() const { return m_state; }
    QLineEdit *groupField() const { return m_group; }
    QLineEdit *messageField() const { return m_message; }
    QLineEdit *dataField() const { return m_data; }
    QCheckBox *regexBox() const { return m_regex; }

signals:
    void submitted();

private:
    void updatePlaceholders();

    QLineEdit *m_jid;
    QLineEdit *m_tag;
    QLineEdit *m_klass;
    QLineEdit *m_queue;
    QLineEdit *m_worker;
    QComboBox *m_state;
    QLineEdit *m_group;
    QLineEdit *m_message;
    QLineEdit *m_data;
    QCheckBox *m_regex;
};
